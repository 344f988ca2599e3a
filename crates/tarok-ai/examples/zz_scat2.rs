use tarok_ai::historic_l2::HistoricL2;
use tarok_ai::level2::Config;
use tarok_historic::{Deal, Phase, Ruleset};
use tarok_ai::bot::Bot;
use tarok_ai::search::Solvable;
fn main() {
    let rules = Ruleset::preset("dk-1829-three").unwrap();
    let n: u64 = std::env::args().nth(1).map_or(10, |s| s.parse().unwrap());
    let (mut sum, mut cnt) = (0i64, 0);
    for seed in 0..n {
        let dealer = (seed % 3) as u8;
        let mut res = [0i32; 2];
        let mut scats = Vec::new();
        for (i, l2) in [true, false].into_iter().enumerate() {
            let mut d = Deal::from_seed(rules, seed, dealer);
            if d.phase() != Phase::Discard { break; }
            let c = Config::standard(5, std::time::Duration::from_secs(600));
            let mut bots: Vec<HistoricL2> = (0..3).map(|s| HistoricL2::new(if s == dealer && l2 { c } else { c.card_play_only() }, seed * 3 + s as u64)).collect();
            while let Some(s) = d.current_player() {
                let v = d.view(s);
                let a = bots[s as usize].decide(&v, &v.legal).action;
                d.apply(a).unwrap();
            }
            res[i] = d.value(dealer);
            scats.push(d.scat());
        }
        if scats.len() < 2 { continue; }
        cnt += 1; sum += (res[0] - res[1]) as i64;
        println!("seed {seed}: L2 scat {} -> {}, L1 scat {} -> {}  diff {}", scats[0], res[0], scats[1], res[1], res[0]-res[1]);
    }
    println!("mean diff {:.2} over {cnt}", sum as f64 / cnt as f64);
}
