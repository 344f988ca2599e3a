// The page's words, checked without a browser: every word the page asks for (t("key") in
// app.js and sheets.js, data-t in index.html) is there in English, Danish and German; each
// language has the same words; every word is asked for somewhere; and the score sheets' words
// (sheets.js) never share a name with the tables' (app.js), which they once replaced ("Last
// trick" read "Last trick won by", "connection lost" an ultimo card lost).
//
// Run: node words.mjs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../static/", import.meta.url));
const read = (f) => readFileSync(dir + f, "utf8");
const [app, sheets, html] = [read("app.js"), read("sheets.js"), read("index.html")];
const failures = [];
const check = (ok, why) => ok || failures.push(why);

// The object literal `const NAME = {...}` of a script, and the script without it.
function dictionary(source, name) {
  const start = source.indexOf(`const ${name} = {`);
  const open = source.indexOf("{", start);
  let depth = 0;
  for (let k = open; k < source.length; k++) {
    if (source[k] === "{") depth++;
    else if (source[k] === "}" && --depth === 0) {
      const words = new Function(`return (${source.slice(open, k + 1)});`)();
      return [words, source.slice(0, start) + source.slice(k + 1)];
    }
  }
  throw new Error(`no ${name} in the script`);
}

const [page, appCode] = dictionary(app, "WORDS");
const [sheet, sheetCode] = dictionary(sheets, "SHEET_WORDS");
const code = appCode + sheetCode + html;
for (const [name, words] of [["WORDS", page], ["SHEET_WORDS", sheet]]) {
  const en = Object.keys(words.en).sort().join(" ");
  for (const lang of ["da", "de"]) {
    check(Object.keys(words[lang]).sort().join(" ") === en, `${name}: ${lang} has other words than en`);
  }
  // A word is asked for by t("key"), data-t="key", or as a quoted name (a table of keys).
  for (const key of Object.keys(words.en)) {
    check(code.includes(`"${key}"`), `${name}.${key} is never asked for`);
  }
}
for (const key of Object.keys(sheet.en)) check(!(key in page.en), `sheets.js replaces the page's word ${key}`);
const asked = [...appCode.matchAll(/\bt\("(\w+)"/g), ...sheetCode.matchAll(/\bt\("(\w+)"/g), ...html.matchAll(/data-t(?:-\w+)?="(\w+)"/g)];
for (const [, key] of asked) check(key in page.en || key in sheet.en, `the page asks for the word ${key}, which no language has`);

if (failures.length) {
  console.error("FAIL: " + failures.join("\nFAIL: "));
  process.exit(1);
}
console.log(`ok: the page's ${Object.keys(page.en).length + Object.keys(sheet.en).length} words, in three languages, each asked for`);
