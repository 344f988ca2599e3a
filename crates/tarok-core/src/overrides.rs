//! House rules: a preset's switches with some changed, written `name=value` separated by
//! spaces (`skus_follow_freely=true tariff.last_trick=10`), as records carry them in their
//! `[Rules "…"]` tag.

use serde::{de::DeserializeOwned, Serialize};

/// `base` with the switches named in `text` set to their values. A name is a field of the
/// switches' serde form (a dotted path into a nested one); a value is a number, `true` or
/// `false`, or a variant's name. `fixed` names fields that are no switch (the preset, the
/// rules version). The error names the switch and says what is wrong.
pub fn apply<T: Serialize + DeserializeOwned>(
    base: &T,
    text: &str,
    fixed: &[&str],
) -> Result<T, String> {
    let mut value = serde_json::to_value(base).map_err(|e| e.to_string())?;
    for item in text.split_whitespace() {
        let (name, raw) = item
            .split_once('=')
            .ok_or_else(|| format!("a house rule is written name=value, not {item:?}"))?;
        if fixed.contains(&name) {
            return Err(format!(
                "{name} is no rule switch: it comes with the preset"
            ));
        }
        let mut slot = &mut value;
        for key in name.split('.') {
            slot = slot
                .get_mut(key)
                .filter(|_| !key.is_empty())
                .ok_or_else(|| format!("there is no rule switch {name:?} (see `tarok rules`)"))?;
        }
        let new = serde_json::from_str(raw).unwrap_or_else(|_| serde_json::Value::from(raw));
        let old = std::mem::replace(slot, new);
        if old.is_object() {
            return Err(format!("{name} is a group of switches: name one of them"));
        }
        serde_json::from_value::<T>(value.clone())
            .map_err(|e| format!("{name}={raw} is not a value of that switch: {e}"))?;
    }
    serde_json::from_value(value).map_err(|e| e.to_string())
}

/// The house rules that turn `base` into `changed`, as [`apply`] reads them: each switch whose
/// value differs, `name=value`, in the order of the switches' serde form.
pub fn difference<T: Serialize>(base: &T, changed: &T) -> String {
    fn walk(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
        match (a, b) {
            (serde_json::Value::Object(a), serde_json::Value::Object(b)) => {
                for (key, bv) in b {
                    let name = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    walk(
                        &name,
                        a.get(key).unwrap_or(&serde_json::Value::Null),
                        bv,
                        out,
                    );
                }
            }
            _ if a != b => out.push(match b {
                serde_json::Value::String(s) => format!("{path}={s}"),
                other => format!("{path}={other}"),
            }),
            _ => {}
        }
    }
    let (Ok(a), Ok(b)) = (serde_json::to_value(base), serde_json::to_value(changed)) else {
        return String::new();
    };
    let mut out = Vec::new();
    walk("", &a, &b, &mut out);
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Tariff {
        ante: i32,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Skus {
        Never,
        Always,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Rules {
        id: String,
        free: bool,
        skus: Skus,
        tariff: Tariff,
    }

    fn base() -> Rules {
        Rules {
            id: "p".into(),
            free: false,
            skus: Skus::Never,
            tariff: Tariff { ante: 5 },
        }
    }

    #[test]
    fn switches_are_set_by_name() {
        let r = apply(&base(), "free=true skus=Always tariff.ante=10", &["id"]).unwrap();
        assert!(r.free);
        assert_eq!(r.skus, Skus::Always);
        assert_eq!(r.tariff.ante, 10);
        assert_eq!(apply(&base(), "", &["id"]).unwrap(), base());
    }

    #[test]
    fn bad_house_rules_are_named() {
        let e = |t| apply(&base(), t, &["id"]).unwrap_err();
        assert!(e("free").contains("name=value"));
        assert!(e("fre=true").contains("no rule switch \"fre\""));
        assert!(e("free=maybe").contains("free=maybe is not a value"));
        assert!(e("skus=Sometimes").contains("skus=Sometimes"));
        assert!(e("tariff=3").contains("group of switches"));
        assert!(e("id=q").contains("comes with the preset"));
        assert!(e("tariff.ante.x=1").contains("no rule switch"));
    }

    #[test]
    fn the_difference_applies_back() {
        let changed = apply(&base(), "tariff.ante=10 skus=Always", &["id"]).unwrap();
        let text = difference(&base(), &changed);
        assert_eq!(text, "skus=Always tariff.ante=10");
        assert_eq!(apply(&base(), &text, &["id"]).unwrap(), changed);
        assert_eq!(difference(&base(), &base()), "");
    }
}
