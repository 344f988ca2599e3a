use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::level2::Config;
use tarok_historic::{Deal, Phase, Ruleset};
fn main() {
    let rules = Ruleset::preset("dk-1829-three").unwrap();
    let n: u64 = std::env::args().nth(1).map_or(10, |s| s.parse().unwrap());
    let layouts: u32 = std::env::args().nth(2).map_or(24, |s| s.parse().unwrap());
    for seed in 0..n {
        let d = Deal::from_seed(rules, seed, (seed % 3) as u8);
        if d.phase() != Phase::Discard { continue; }
        let v = d.view(d.dealer());
        let mut c = Config::standard(5, std::time::Duration::from_secs(600));
        c.layouts = layouts;
        let verdict = HistoricL2::new(c, seed).judge(&v, &v.legal).unwrap();
        let l1 = tarok_ai::historic::advise(&v, &v.legal).0;
        println!("seed {seed} hand {} l1 {l1}", v.hand);
        for m in &verdict.moves { println!("   {} mean {:.2} best_in {}", m.action, m.mean, m.best_in); }
    }
}
