use std::time::Instant;
use tarok_ai::danish_l2::DanishL2;
use tarok_ai::search::{Solvable, Solver};
use tarok_ai::{Bot, Level};
use tarok_core::Game;
use tarok_danish::{Deal, Preset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).map_or(3, |s| s.parse().unwrap());
    let rules = Preset::Dtf2011.ruleset();
    // Solver timing at k tricks left, from L1 self-play positions.
    for k in [3u8, 5, 6, 7, 8] {
        let mut total = 0.0;
        let mut nodes = 0;
        let mut n = 0;
        for seed in 0..deals {
            let mut d = Deal::from_seed(rules, seed);
            let mut bots: Vec<Box<dyn Bot<_, _>>> = (0..3)
                .map(|_| tarok_ai::danish::bot(Level::L1, 1))
                .collect();
            let mut legal = Vec::new();
            while let Some(s) = d.to_act() {
                if d.is_over() {
                    break;
                }
                if d.phase() == tarok_danish::Phase::Play
                    && d.tricks_left() == k
                    && d.trick().n == 0
                {
                    break;
                }
                if let Some(f) = d.forced() {
                    d.apply(f).unwrap();
                    continue;
                }
                Game::legal_into(&d, &mut legal);
                let a = bots[s as usize].decide(&d.view(s), &legal).action;
                d.apply(a).unwrap();
            }
            if d.is_over() {
                continue;
            }
            let seat = d.to_act().unwrap();
            let t = Instant::now();
            let mut solver = Solver::new();
            let v = solver.solve(&d, seat);
            total += t.elapsed().as_secs_f64();
            nodes += solver.nodes;
            n += 1;
            let _ = v;
        }
        println!(
            "{k} tricks left: {:.3} ms/solve, {} nodes avg over {n}",
            total * 1e3 / n as f64,
            nodes / n.max(1)
        );
    }
    // A few L2 decisions.
    let mut d = Deal::from_seed(rules, 42);
    let mut l2 = DanishL2::standard(7);
    let mut legal = Vec::new();
    let mut times = Vec::new();
    while let Some(s) = d.to_act() {
        if let Some(f) = d.forced() {
            d.apply(f).unwrap();
            continue;
        }
        Game::legal_into(&d, &mut legal);
        let view = d.view(s);
        let a = if s == 0 {
            let t = Instant::now();
            let dec = l2.decide(&view, &legal);
            times.push((
                d.trick_no(),
                t.elapsed().as_secs_f64() * 1e3,
                dec.reason.clone(),
            ));
            dec.action
        } else {
            tarok_ai::danish::advise(&view, &legal).0
        };
        d.apply(a).unwrap();
    }
    for (t, ms, r) in times {
        println!("trick {t}: {ms:.1} ms  {r}");
    }
}
