//! The facts of a finished deal (`ScoreFacts`), which a score sheet enters by hand: every deal
//! the engine plays passes their check, and the check refuses what no deal can be.

use tarok_koenigrufen::family::random_deal;
use tarok_koenigrufen::scoring::{self, Ending, ScoreFacts};
use tarok_koenigrufen::{Contract, Item, Premium, Ruleset, Switches};

/// Random deals under the preset and under the A16 alternative (König ultimo with an own king).
fn deals() -> impl Iterator<Item = tarok_koenigrufen::Deal> {
    let mut a16 = Ruleset::spieleversum();
    a16.switches.koenig_ultimo_own_king = true;
    (0..3000u64).map(move |seed| {
        let rs = if seed % 3 == 0 {
            a16
        } else {
            Ruleset::spieleversum()
        };
        random_deal(rs, seed)
    })
}

#[test]
fn every_played_deal_passes_the_check_and_pays_its_settlement() {
    let mut kontra = 0;
    for deal in deals() {
        let s = deal.state();
        let facts = ScoreFacts::of(s, s.play()).expect("a finished deal has facts");
        let sw = deal.ruleset().switches;
        facts
            .check(&sw)
            .unwrap_or_else(|e| panic!("seed {:?}: {e}\n{facts:?}", deal.seed()));
        let mut lines = Vec::new();
        scoring::score(&facts, &sw, &mut lines);
        assert_eq!(lines, deal.settlement(), "seed {:?}", deal.seed());
        kontra += facts.levels.iter().flatten().any(|&l| l > 0) as u32;
    }
    assert!(kontra > 0, "the deals include a Kontra");
}

/// A Rufer of seat 0 (the Vorhand) with seat 2 as partner, won, nothing announced.
fn rufer() -> ScoreFacts {
    ScoreFacts {
        contract: Contract::Rufer,
        declarer: 0,
        declarers: 0b0001,
        team: 0b0101,
        vorhand: 0,
        announced: [None; 7],
        ultimo_king: false,
        levels: [[0; 4]; 11],
        king_in_talon: false,
        ending: Ending::Positive {
            game_won: true,
            valat: false,
            made: [None; 6],
        },
    }
}

fn refused(f: ScoreFacts) -> String {
    f.check(&Switches::default()).expect_err("refused")
}

#[test]
fn impossible_facts_are_refused_with_their_rule() {
    assert_eq!(rufer().check(&Switches::default()), Ok(()));

    let mut bettler = rufer();
    bettler.contract = Contract::Bettler;
    bettler.ending = Ending::Negative { won: 1 };
    assert!(refused(bettler).contains("Bettler is played alone"));
    bettler.team = 0b0001;
    assert_eq!(bettler.check(&Switches::default()), Ok(()));
    bettler.announced[Premium::Trull.index()] = Some(0);
    assert!(refused(bettler).contains("Trull cannot be announced in a Bettler (Spieleversum §9.4"));

    let mut own_side = rufer();
    own_side.levels[Item::Game(0).slot()] = [0, 1, 1, 1];
    assert!(refused(own_side).contains("only the other side may kontra"));

    let mut silent = rufer();
    silent.levels[Item::Premium(Premium::Pagat).slot()] = [0, 1, 0, 1];
    assert!(refused(silent).contains("Pagat: there is no such item to kontra"));

    let mut half_kontra = rufer();
    half_kontra.levels[Item::Game(0).slot()] = [0, 1, 0, 0];
    assert!(refused(half_kontra).contains("whole other side"));

    let mut valat = rufer();
    valat.announced[Premium::Valat.index()] = Some(1);
    assert!(refused(valat).contains("Valat only by the declarer's party"));

    let mut not_vorhand = rufer();
    not_vorhand.vorhand = 1;
    assert!(refused(not_vorhand).contains("Rufer may only be played by the Vorhand"));

    let mut colour = rufer();
    colour.contract = Contract::Farbendreier;
    colour.team = 0b0001;
    colour.vorhand = 1;
    colour.announced[Premium::Pagat.index()] = Some(0);
    assert!(refused(colour).contains("colour games only Vier Könige and Valat, L334"));
}
