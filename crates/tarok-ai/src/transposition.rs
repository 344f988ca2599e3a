//! The solver's transposition table: what the searches found of positions met before. It
//! forgets nothing until it holds its limit of positions; then it keeps the half with the
//! most tricks left, the dearest to search again. So memory stays bounded when a search meets
//! billions of positions (a whole Königrufen deal), and a forgotten position costs time, never
//! a wrong value.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What the searches so far found of a position's value: it lies in `lower..=upper`.
#[derive(Copy, Clone)]
pub struct Entry {
    pub lower: i32,
    pub upper: i32,
    /// The best move's index in the move list, tried first next time.
    pub best: u8,
}

#[derive(Copy, Clone)]
struct Slot {
    entry: Entry,
    /// Tricks left in the position.
    tricks: u8,
}

/// Keys are hashes already: use them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys are hashed")
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}

/// The table (see the module documentation).
pub struct Table {
    map: HashMap<u64, Slot, BuildHasherDefault<KeyHasher>>,
    /// Most positions held.
    limit: usize,
}

impl Table {
    /// A table of at most `limit` positions.
    pub fn new(limit: usize) -> Table {
        Table {
            map: HashMap::default(),
            limit: limit.max(2),
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// What is known of the position `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.map.get(&key).map(|s| s.entry)
    }

    /// Stores what is known of the position `key`, with `tricks` left.
    #[inline]
    pub fn insert(&mut self, key: u64, tricks: u8, entry: Entry) {
        if self.map.len() >= self.limit && !self.map.contains_key(&key) {
            self.thin();
        }
        self.map.insert(key, Slot { entry, tricks });
    }

    /// Keeps at most half the limit: the positions with the most tricks left.
    fn thin(&mut self) {
        let mut by_tricks = [0usize; 256];
        for s in self.map.values() {
            by_tricks[s.tricks as usize] += 1;
        }
        // The fewest tricks left a position may have to be kept.
        let (mut least, mut kept) = (256, 0);
        while least > 0 && kept + by_tricks[least - 1] <= self.limit / 2 {
            least -= 1;
            kept += by_tricks[least];
        }
        self.map.retain(|_, s| s.tricks as usize >= least);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(v: i32) -> Entry {
        Entry {
            lower: v,
            upper: v,
            best: 0,
        }
    }

    /// It forgets nothing below its limit; at the limit it keeps the positions with the most
    /// tricks left, at most half the limit, and then the new one.
    #[test]
    fn keeps_the_dearer_positions_when_full() {
        let mut t = Table::new(100);
        for k in 0..100u64 {
            t.insert(k, (k % 10) as u8 + 2, entry(k as i32));
        }
        assert_eq!(t.len(), 100);
        assert!((0..100).all(|k| t.get(k).is_some_and(|e| e.lower == k as i32)));
        t.insert(5, 7, entry(-5));
        assert_eq!(
            t.get(5).map(|e| e.lower),
            Some(-5),
            "a known position is updated"
        );
        assert_eq!(t.len(), 100);
        t.insert(1000, 3, entry(1000));
        // Ten positions for each number of tricks from 2 to 11: the 50 with 7 or more stay.
        assert_eq!(t.len(), 51);
        assert!((0..100).all(|k| t.get(k).is_some() == (k % 10 >= 5)));
        assert!(t.get(1000).is_some());
    }
}
