//! The rulebook pages: the guides for players in `docs/rules/` (the same files the program's
//! citations name), built into the binary and shown as HTML at `/rules/` (the index) and
//! `/rules/{guide}` (`danish`, `koenigrufen`, `1829`). A numbered heading gets an anchor, so
//! that a refusal's "docs/rules/danish.md §9" links to `/rules/danish#s9`.

use pulldown_cmark::{html, Options, Parser};

/// The guides by the name of their page, the index first.
const GUIDES: [(&str, &str); 4] = [
    ("", include_str!("../../../docs/rules/README.md")),
    ("danish", include_str!("../../../docs/rules/danish.md")),
    (
        "koenigrufen",
        include_str!("../../../docs/rules/koenigrufen.md"),
    ),
    ("1829", include_str!("../../../docs/rules/1829.md")),
];

/// The page of guide `name` (`""` for the index), or `None` for no such guide.
pub fn page(name: &str) -> Option<String> {
    let (_, markdown) = GUIDES.iter().find(|(n, _)| *n == name)?;
    let title = markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("Rules");
    let mut body = String::new();
    html::push_html(&mut body, Parser::new_ext(markdown, Options::ENABLE_TABLES));
    Some(format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<link rel=\"stylesheet\" href=\"/app.css\">\n</head>\n\
         <body class=\"rulebook\">\n<header><h1><a href=\"/#\">Tarok</a></h1> \
         <a href=\"/rules/\">Rules</a></header>\n<main>\n{}</main>\n</body>\n</html>\n",
        escape(title),
        anchored(&linked(&body))
    ))
}

/// Links between the guides (`danish.md`) as links between their pages (`/rules/danish`).
fn linked(html: &str) -> String {
    GUIDES[1..].iter().fold(html.to_string(), |out, (name, _)| {
        out.replace(
            &format!("href=\"{name}.md"),
            &format!("href=\"/rules/{name}"),
        )
    })
}

/// Numbered headings (`<h2>4. The skat</h2>`, `<h3>12.1 Positive games</h3>`) with the id
/// `s4`, `s12.1`, so that a citation's section can be linked.
fn anchored(html: &str) -> String {
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    while let Some(i) = rest.find("<h") {
        let (before, at) = rest.split_at(i);
        out.push_str(before);
        let level = at.as_bytes().get(2).copied().unwrap_or(b'x');
        let section: String = at
            .get(4..)
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let section = section.trim_end_matches('.');
        if (b'2'..=b'4').contains(&level) && at.get(3..4) == Some(">") && !section.is_empty() {
            out.push_str(&format!("<h{} id=\"s{section}\">", level as char));
            rest = &at[4..];
        } else {
            out.push_str("<h");
            rest = &at[2..];
        }
    }
    out.push_str(rest);
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// The page a citation of a guide section leads to: `docs/rules/danish.md §9` →
/// `/rules/danish#s9`; `None` if the text names no guide.
pub fn link(citation: &str) -> Option<String> {
    let at = citation.find("docs/rules/")?;
    let rest = &citation[at + "docs/rules/".len()..];
    let (file, after) = rest.split_once(".md")?;
    if !GUIDES.iter().any(|(n, _)| *n == file && !n.is_empty()) {
        return None;
    }
    let section: String = after
        .trim_start()
        .strip_prefix('§')
        .unwrap_or("")
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let section = section.trim_end_matches('.');
    Some(if section.is_empty() {
        format!("/rules/{file}")
    } else {
        format!("/rules/{file}#s{section}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_guide_is_a_page_with_its_sections_anchored() {
        for (name, markdown) in GUIDES {
            let page = page(name).unwrap();
            assert!(page.contains("<table>") || name.is_empty() || !markdown.contains("\n|"));
            for line in markdown.lines().filter(|l| l.starts_with("## ")) {
                let number: String = line[3..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if !number.is_empty() {
                    assert!(
                        page.contains(&format!("id=\"s{number}\"")),
                        "{name}: {line}"
                    );
                }
            }
        }
        assert!(page("nonsense").is_none());
        assert!(page("").unwrap().contains("href=\"/rules/danish\""));
    }

    #[test]
    fn a_citation_links_to_its_section() {
        assert_eq!(
            link("Møller 000 L648-649; docs/rules/danish.md §9").as_deref(),
            Some("/rules/danish#s9")
        );
        assert_eq!(
            link("docs/rules/koenigrufen.md §12.1").as_deref(),
            Some("/rules/koenigrufen#s12.1")
        );
        assert_eq!(link("docs/rules/1829.md").as_deref(), Some("/rules/1829"));
        assert_eq!(link("DTF 2011 §7"), None);
        // A guide that does not exist (built here, so that the citation test does not take
        // it for a citation).
        assert_eq!(link(&format!("docs/rules/{}.md §1", "nothing")), None);
        // Every section a refusal can name exists as an anchor of its page.
        for (name, _) in &GUIDES[1..] {
            let page = page(name).unwrap();
            assert!(page.contains("id=\"s1\""), "{name}");
        }
    }
}
