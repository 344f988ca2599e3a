//! What each seat's view shows, checked at every step of random deals of every contract.
//!
//! 1. The whole view equals one built independently from the deck and the public history by the
//!    rules: the own hand only; the talon only when the document turns it ("3 offen" games after
//!    the king call, §7.4), never the Sechser's six (§7.4 [L701]) nor a solo or negative game's
//!    talon (§8.4); discarded tarocks face up in tarock games and suit cards in colour games
//!    (§8.1, §8.2); the called king by name unless called as "the fourth king" [L158]; all
//!    announcements, Kontras and played tricks; every hand in ouvert games after trick 1 (§12.6).
//!    Any new field or any leaked card fails the comparison.
//! 2. Partner secrecy [L156]: moving the called king from its holder to another player changes
//!    nothing in the views of the two players who hold neither card, until an action reveals it.

mod common;

use common::steered_deal;
use tarok_core::{Card, CardKind, CardSet, DealRng, Rank};
use tarok_koenigrufen::view::{TrickView, View};
use tarok_koenigrufen::{Action, Contract, Deal, Phase, Premium, Ruleset};

fn tarock(c: Card) -> bool {
    c.suit().is_none()
}

fn king(c: Card) -> bool {
    matches!(c.kind(), CardKind::Suited(_, Rank::Konge))
}

/// The view the rules give `seat`, from the deck and the history only.
fn expected_view(d: &Deal, seat: u8) -> View {
    let s = d.state();
    let vorhand = (s.dealer() + 1) % 4;
    // §4.5: 6 each from the Vorhand, talon halves of 3, 6 each.
    let mut dealt = [CardSet::EMPTY; 4];
    let mut talon = [CardSet::EMPTY; 2];
    let mut it = d.deck().iter().copied();
    for round in 0..2 {
        for k in 0..4 {
            for c in it.by_ref().take(6) {
                dealt[((vorhand + k) % 4) as usize].insert(c);
            }
        }
        if round == 0 {
            for half in &mut talon {
                for c in it.by_ref().take(3) {
                    half.insert(c);
                }
            }
        }
    }
    let contract = s.contract();
    let colour = contract.is_some_and(|c| c.is_colour());
    let three_open = matches!(
        contract,
        Some(Contract::Rufer | Contract::Besserrufer | Contract::Dreier | Contract::Farbendreier)
    );
    let mut hands = dealt;
    let mut called = None;
    let mut half_taken = None;
    let mut discard = CardSet::EMPTY;
    let mut announcements = Vec::new();
    let mut plays: Vec<(u8, Card)> = Vec::new();
    let mut king_call_done = false;
    for &(who, a) in d.history() {
        match a {
            Action::CallKing(k) => called = Some(k),
            Action::Gut if s.contract() == Some(Contract::Besserrufer) && !king_call_done => {}
            Action::TakeHalf(h) => {
                half_taken = Some(h);
                hands[who as usize] |= talon[h as usize];
            }
            Action::Discard(c) => {
                if s.contract() == Some(Contract::Sechser) && discard.is_empty() {
                    // [L701]: the Sechser declarer took all six unseen.
                    hands[who as usize] |= talon[0] | talon[1];
                }
                hands[who as usize].remove(c);
                discard.insert(c);
            }
            Action::Announce(p) => announcements.push((who, p)),
            Action::Play(c) => {
                hands[who as usize].remove(c);
                plays.push((who, c));
            }
            _ => {}
        }
        if matches!(
            a,
            Action::TakeHalf(_) | Action::Schleifen | Action::Discard(_)
        ) {
            king_call_done = true;
        }
    }
    if s.contract() == Some(Contract::Sechser) && s.phase() == Phase::Discard && discard.is_empty()
    {
        hands[s.declarer() as usize] |= talon[0] | talon[1];
    }
    let decided = s.phase() != Phase::Bidding;
    let is_declarer = decided && s.declarer() == seat;
    // [L158]: "mit dem vierten König" names no king; the declarer and the king's holder know it.
    let fourth = called.is_some_and(|_| {
        (dealt[s.declarer() as usize] & CardSet::KINGS).len() == 3 && contract.is_some()
    });
    let hidden_king =
        fourth && !is_declarer && called.is_some_and(|k| !dealt[seat as usize].contains(k));
    // §8.1/§8.2: tarocks laid face up in tarock games, suit cards in colour games.
    let shown: CardSet = discard.iter().filter(|&c| tarock(c) != colour).collect();
    let log = d
        .history()
        .iter()
        .map(|&(who, a)| {
            let visible = match a {
                Action::Discard(c) => who == seat || shown.contains(c),
                Action::CallKing(_) => !hidden_king,
                _ => true,
            };
            (who, visible.then_some(a))
        })
        .collect();
    let mut tricks = Vec::new();
    let mut tricks_won = [0u8; 4];
    for (t, chunk) in plays.chunks(4).enumerate() {
        let winner = (chunk.len() == 4).then(|| s.play().winners[t]);
        if let Some(w) = winner {
            tricks_won[w as usize] += 1;
        }
        tricks.push(TrickView {
            leader: chunk[0].0,
            cards: chunk.iter().map(|x| x.1).collect(),
            winner,
        });
    }
    let talon_shown = three_open
        && !matches!(
            s.phase(),
            Phase::Bidding | Phase::KingCall | Phase::BesserruferBird
        );
    let ouvert_open = contract.is_some_and(|c| c.is_ouvert()) && tricks_won.iter().sum::<u8>() >= 1;
    let in_play = matches!(s.phase(), Phase::Play | Phase::Over);
    let with_talon = contract.is_some_and(|c| {
        matches!(
            c,
            Contract::Rufer
                | Contract::Besserrufer
                | Contract::Dreier
                | Contract::Farbendreier
                | Contract::Sechser
        )
    });
    announcements.sort_by_key(|x: &(u8, Premium)| x.1.index());
    View {
        seat,
        ruleset: *d.ruleset(),
        dealer: s.dealer(),
        vorhand,
        phase: s.phase(),
        to_act: (!d.is_over()).then(|| d.current_player()),
        hand: hands[seat as usize],
        contract,
        declarers: (0..4).filter(|&x| s.declarers() & (1 << x) != 0).collect(),
        called_king: if hidden_king { None } else { called },
        fourth_king: fourth,
        talon: talon_shown.then_some(talon),
        half_taken,
        own_discard: (is_declarer && with_talon).then_some(discard),
        shown_discard: shown,
        announcements,
        log,
        tricks,
        tricks_won,
        open_hands: (in_play && ouvert_open).then_some(hands),
        // Everyone counts the cards in the others' hands.
        hand_sizes: hands.map(|h| h.len() as u8),
    }
}

fn json(v: &View) -> serde_json::Value {
    serde_json::to_value(v).unwrap()
}

#[test]
fn every_view_is_exactly_what_the_rules_make_public() {
    let rs = Ruleset::spieleversum();
    let mut compared = 0u32;
    for seed in 0..560u64 {
        let target = Contract::ALL[(seed % 14) as usize];
        steered_deal(rs, seed, target, |d| {
            for seat in 0..4 {
                let got = json(&d.view(seat));
                let want = json(&expected_view(d, seat));
                assert_eq!(
                    got,
                    want,
                    "seed {seed} seat {seat} phase {:?} after {:?}",
                    d.state().phase(),
                    d.history().last()
                );
                compared += 1;
            }
        });
    }
    assert!(compared > 100_000, "{compared}");
}

/// [L156]: the holder of the called king may reveal himself only by playing the king or by
/// announcing König ultimo. Give the called king to another player instead (swapping it with a
/// card of his) and replay the same actions: the views of the two players who hold neither card
/// stay identical until an action of the game can no longer be replayed.
#[test]
fn the_called_kings_holder_stays_hidden_until_an_action_shows_him() {
    let rs = Ruleset::spieleversum();
    let mut compared_after_call = 0u32;
    let mut deals = 0;
    for seed in 0..3_000u64 {
        let target =
            [Contract::Rufer, Contract::Besserrufer, Contract::Solorufer][(seed % 3) as usize];
        let a = steered_deal(rs, seed, target, |_| {});
        let s = a.state();
        let Some(k) = s.called_king() else { continue };
        let Some(holder) = (0..4u8).find(|&x| x != s.declarer() && s.dealt(x).contains(k)) else {
            continue;
        };
        let mut rng = DealRng::derive(seed, 5);
        let others: Vec<u8> = (0..4)
            .filter(|&x| x != s.declarer() && x != holder)
            .collect();
        let z = others[rng.below(2) as usize];
        let watchers: Vec<u8> = (0..4).filter(|&x| x != holder && x != z).collect();
        // Swap the king with a non-king card of z.
        let zc: Vec<Card> = s.dealt(z).iter().filter(|&c| !king(c)).collect();
        let swap = zc[rng.below(zc.len() as u32) as usize];
        let mut deck = a.deck().to_vec();
        let (i, j) = (
            deck.iter().position(|&c| c == k).unwrap(),
            deck.iter().position(|&c| c == swap).unwrap(),
        );
        deck.swap(i, j);
        let mut b = Deal::from_deck(rs, deck, s.dealer()).unwrap();
        let mut replay = Deal::from_deck(rs, a.deck().to_vec(), s.dealer()).unwrap();
        deals += 1;
        for &(_, act) in a.history() {
            if b.apply(act).is_err() {
                break;
            }
            replay.apply(act).unwrap();
            for &w in &watchers {
                assert_eq!(
                    json(&replay.view(w)),
                    json(&b.view(w)),
                    "seed {seed}: seat {w} can tell whether P{holder} or P{z} holds {k} after {act}"
                );
            }
            if replay.state().called_king().is_some() && replay.state().phase() != Phase::Bidding {
                compared_after_call += 1;
            }
        }
    }
    assert!(deals > 300, "{deals}");
    assert!(compared_after_call > 3_000, "{compared_after_call}");
}

/// Record: seed 152, a Rufer "mit dem vierten König" [L158]. P0 holds the called king (H K) and
/// plays it in trick 1; his view must go on naming the king he knew he held.
#[test]
fn the_fourth_kings_holder_still_knows_it_after_playing_it() {
    use tarok_koenigrufen::record::Record;
    let rec = Record::parse(include_str!(
        "fixtures/fourth-king-played-by-its-holder.txt"
    ))
    .unwrap();
    let deal = rec.replay().unwrap();
    let hk = tarok_koenigrufen::cards::parse_card("HK").unwrap();
    assert!(deal.state().fourth_king());
    assert_eq!(deal.state().called_king(), Some(hk));
    assert_eq!(deal.history().last(), Some(&(0, Action::Play(hk))));
    let v = deal.view(0);
    assert_eq!(
        v.called_king,
        Some(hk),
        "the holder knows the king he was dealt"
    );
    assert!(v.log.iter().any(|x| x.1 == Some(Action::CallKing(hk))));
    // The two players who never held it still do not learn its name from the view.
    for seat in [2, 3] {
        assert_eq!(deal.view(seat).called_king, None);
    }
}
