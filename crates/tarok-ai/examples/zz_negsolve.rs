use std::time::Instant;
use tarok_ai::koenigrufen_l2::layout_of;
use tarok_ai::search::Solver;
use tarok_core::Game;
use tarok_koenigrufen::{bidding::Call, Action, Contract, Deal, Phase, Ruleset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args[1].parse().unwrap();
    let after: u8 = args[2].parse().unwrap(); // cards played before solving
    let contract = match args[3].as_str() {
        "po" => Contract::PiccoloOuvert,
        "bo" => Contract::BettlerOuvert,
        "p" => Contract::Piccolo,
        _ => Contract::Bettler,
    };
    let mut total = 0.0;
    for seed in 0..n {
        let mut d = Deal::from_seed(Ruleset::spieleversum(), seed, (seed % 4) as u8);
        let mut legal = Vec::new();
        let mut bid = false;
        while let Some(s) = Game::to_act(&d) {
            Game::legal_into(&d, &mut legal);
            if d.state().phase() == Phase::Play && d.state().play().played >= after {
                break;
            }
            let a = if d.state().phase() == Phase::Bidding {
                let want = Action::Call(Call::Bid(contract));
                if !bid && legal.contains(&want) {
                    bid = true;
                    want
                } else if legal.contains(&Action::Call(Call::Pass)) {
                    Action::Call(Call::Pass)
                } else {
                    tarok_ai::koenigrufen::advise(&d.view(s), &legal).0
                }
            } else {
                tarok_ai::koenigrufen::advise(&d.view(s), &legal).0
            };
            d.apply(a).unwrap();
        }
        if d.state().contract() != Some(contract) || d.state().phase() != Phase::Play {
            println!(
                "seed {seed}: {:?} {:?}",
                d.state().contract(),
                d.state().phase()
            );
            continue;
        }
        let l = layout_of(&d);
        let decl = (0..4)
            .find(|&s| d.state().declarers() & (1 << s) != 0)
            .unwrap();
        let t = Instant::now();
        let mut solver = Solver::new();
        let v = solver.solve(&l, decl);
        let e = t.elapsed().as_secs_f64();
        total += e;
        println!(
            "seed {seed}: value {v} nodes {} in {:.3} s",
            solver.nodes, e
        );
    }
    println!("total {total:.2} s");
}
