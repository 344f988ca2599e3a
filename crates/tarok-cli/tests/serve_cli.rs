//! `tarok serve`: it prints the address to open, and a server killed with SIGKILL resumes its
//! tables, with every stored action, when started again on the same store.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// Starts `tarok serve` on a free port; answers the process and the address it printed.
fn serve(store: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(["serve", "--port", "0", "--bot-delay", "0", "--store"])
        .arg(store)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let start = line.find("http://").expect("the address is printed") + 7;
    let end = start + line[start..].find('/').unwrap();
    (child, line[start..end].to_string())
}

/// One HTTP request; the answer's JSON body.
fn http(addr: &str, method: &str, path: &str, body: &str) -> serde_json::Value {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    serde_json::from_str(answer.split_once("\r\n\r\n").unwrap().1).unwrap()
}

fn stored_actions(store: &Path, table: i64) -> usize {
    let s = tarok_server::store::Store::open(store).unwrap();
    s.deals(table).unwrap().last().unwrap().actions.len()
}

#[test]
fn help_names_the_port_and_the_store() {
    let out = Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--port") && help.contains("7171"), "{help}");
    assert!(
        help.contains("--store") && help.contains("tarok-serve.sqlite"),
        "{help}"
    );
}

#[test]
fn a_killed_server_resumes_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("serve.sqlite");
    let (mut child, addr) = serve(&store);
    let body =
        r#"{"preset":"at-koenigrufen-spieleversum","people":1,"level":"L1","seed":5,"name":"Ida"}"#;
    let t = http(&addr, "POST", "/api/tables", body);
    let id = t["id"].as_i64().unwrap();
    // The computer players act up to Ida's turn.
    let mut before = 0;
    for _ in 0..100 {
        let list = http(&addr, "GET", "/api/tables", "");
        if list[0]["to_act"] == 0 {
            before = stored_actions(&store, id);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let (mut child, addr) = serve(&store);
    let list = http(&addr, "GET", "/api/tables", "");
    assert_eq!(list[0]["id"], id);
    assert_eq!(list[0]["to_act"], 0, "{list}");
    assert_eq!(list[0]["seats"][0]["name"], "Ida");
    assert_eq!(stored_actions(&store, id), before);
    child.kill().unwrap();
    child.wait().unwrap();
}
