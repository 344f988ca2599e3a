//! Driving `tarok play` in a real terminal: a tmux session of 80×24.

use std::process::Command;
use std::time::{Duration, Instant};

pub struct Tmux {
    session: String,
}

impl Tmux {
    /// Starts `cmd` in a new detached 80×24 session named after `tag` and this process.
    pub fn start(tag: &str, cmd: &str) -> Tmux {
        let session = format!("tarok-{tag}-{}", std::process::id());
        let ok = Command::new("tmux")
            .args([
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                "80",
                "-y",
                "24",
                cmd,
            ])
            .status()
            .expect("tmux must be installed (.ci/run installs it)");
        assert!(ok.success());
        Tmux { session }
    }

    pub fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-t", &self.session])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        assert!(Command::new("tmux").args(&args).status().unwrap().success());
    }

    /// Types an action at the `:` prompt.
    pub fn type_action(&self, action: &str) {
        self.keys(&[":"]);
        self.keys(&["-l", action]);
        self.keys(&["Enter"]);
    }

    /// Waits until the screen shows `text`, and returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "screen never showed {text:?}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .status();
    }
}
