//! `tarok hint --record FILE --after N` answers from exactly what the bot saw in play: for
//! every decision of level-1 self-play (the redeal question, the skat, bids, the king call,
//! the talon, announcements, Kontra and the card play), the record read back and stepped to
//! that decision gives the seat to act the same view, and level 1 the same answer.

use tarok_ai::{any, Level};
use tarok_core::Game;
use tarok_games::{read_record, AnyAction, AnyDeal, AnyView};

/// One decision of the self-play: how many actions came before, the view and the answer.
struct Asked {
    after: usize,
    view: serde_json::Value,
    answer: String,
}

/// Plays `deal` to the end with level 1 in every seat, noting each decision; with every
/// action taken.
fn self_play(mut deal: AnyDeal) -> (AnyDeal, Vec<Asked>, Vec<AnyAction>) {
    let mut bot = any::bot(Level::L1, deal.family(), 1);
    let (mut asked, mut after, mut taken) = (Vec::new(), 0, Vec::new());
    while let Some(seat) = deal.to_act() {
        let action = match deal.forced() {
            Some(forced) => forced,
            None => {
                let view: AnyView = deal.view(seat);
                let action = bot.decide(&view, &deal.legal()).action;
                asked.push(Asked {
                    after,
                    view: serde_json::to_value(&view).unwrap(),
                    answer: action.to_string(),
                });
                action
            }
        };
        deal.apply(action).unwrap();
        taken.push(action);
        after += 1;
    }
    (deal, asked, taken)
}

fn check(record: &str, asked: &[Asked]) {
    let recorded = read_record(record, 0).unwrap();
    let mut bot = any::bot(Level::L1, recorded.start.family(), 1);
    for a in asked {
        let deal = recorded.after(a.after).unwrap();
        let seat = deal.to_act().unwrap();
        let view = deal.view(seat);
        assert_eq!(
            serde_json::to_value(&view).unwrap(),
            a.view,
            "after {}",
            a.after
        );
        let answer = bot.decide(&view, &deal.legal()).action.to_string();
        assert_eq!(answer, a.answer, "after {}", a.after);
    }
}

#[test]
fn danish_hints_are_the_bots_answers() {
    for seed in 0..12 {
        let preset = tarok_danish::Preset::Dtf2011;
        let mut record = tarok_danish::record::Record::from_seed(preset, seed, Default::default());
        let mut deal = record.start().unwrap();
        let (_, asked, taken) = self_play(AnyDeal::Danish(deal));
        // The play written as the front ends write it.
        for action in taken {
            let AnyAction::Danish(action) = action else {
                unreachable!()
            };
            record.apply(&mut deal, action).unwrap();
        }
        check(&record.to_text(&deal), &asked);
        assert!(
            asked.iter().any(|a| a.answer.starts_with("skat:")),
            "seed {seed}: the skat asked"
        );
    }
}

#[test]
fn koenigrufen_hints_are_the_bots_answers() {
    for seed in 0..12 {
        let (played, asked, _) =
            self_play(AnyDeal::from_seed("at-koenigrufen-spieleversum", seed).unwrap());
        let AnyDeal::Koenigrufen(deal) = played else {
            unreachable!()
        };
        let text = tarok_koenigrufen::record::Record::of(&deal).to_text();
        check(&text, &asked);
        assert!(
            asked
                .iter()
                .any(|a| a.answer.starts_with("bid") || a.answer == "pass"),
            "seed {seed}: bidding asked"
        );
    }
}
