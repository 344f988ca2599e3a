//! The solver's transposition table: what the searches found of positions met before. Each
//! key has a place of four slots; the table doubles as it fills, up to a limit. Once at the
//! limit, a new position takes the slot of the place's position with the fewest tricks
//! left, the cheaper to search again: so memory stays bounded when a search meets billions of
//! positions (a whole Königrufen deal), and a lost entry costs time, never a wrong value.

/// What the searches so far found of a position's value: it lies in `lower..=upper`.
#[derive(Copy, Clone, Default)]
pub struct Entry {
    pub lower: i32,
    pub upper: i32,
    /// The best move's index in the move list, tried first next time.
    pub best: u8,
}

#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    /// Tricks left in the position; 0 marks an empty slot (the table holds positions with
    /// two tricks or more left).
    tricks: u8,
    entry: Entry,
}

/// The table (see the module documentation).
pub struct Table {
    slots: Vec<Slot>,
    /// Slots in use.
    used: usize,
    /// Most slots.
    limit: usize,
}

/// Slots for each key's place.
const WAYS: usize = 4;

/// Slots of a new table.
const FIRST_SLOTS: usize = 1 << 10;

impl Table {
    /// A table of at most `limit` slots (rounded up to a power of two).
    pub fn new(limit: usize) -> Table {
        Table {
            slots: Vec::new(),
            used: 0,
            limit: limit.next_power_of_two().max(WAYS),
        }
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.used
    }

    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Forgets every position (and gives back the memory).
    pub fn clear(&mut self) {
        *self = Table::new(self.limit);
    }

    /// What is known of the position `key`.
    pub fn get(&self, key: u64) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.place(key);
        self.slots[i..i + WAYS]
            .iter()
            .find(|s| s.tricks != 0 && s.key == key)
            .map(|s| s.entry)
    }

    /// Stores what is known of the position `key`, with `tricks` (two or more) left.
    pub fn insert(&mut self, key: u64, tricks: u8, entry: Entry) {
        debug_assert!(tricks > 0);
        if 2 * self.used >= self.slots.len() && self.slots.len() < self.limit {
            self.grow();
        }
        let i = self.place(key);
        let pair = &mut self.slots[i..i + WAYS];
        // The position's own slot, else an empty one, else the one with the fewest tricks left.
        let j = if let Some(j) = pair.iter().position(|s| s.tricks != 0 && s.key == key) {
            j
        } else if let Some(j) = pair.iter().position(|s| s.tricks == 0) {
            self.used += 1;
            j
        } else {
            (0..WAYS).min_by_key(|&j| pair[j].tricks).expect("slots")
        };
        pair[j] = Slot { key, tricks, entry };
    }

    /// The first of the key's place's slots.
    fn place(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - WAYS)
    }

    /// Doubles the slots and places again what they held.
    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Slot::default(); (2 * old.len()).max(FIRST_SLOTS).min(self.limit)];
        self.used = 0;
        for s in old.into_iter().filter(|s| s.tricks != 0) {
            self.insert(s.key, s.tricks, s.entry);
        }
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

    /// It keeps what it was given while it can grow, and past its limit keeps the position
    /// with more tricks left.
    #[test]
    fn keeps_the_dearer_position_when_full() {
        let mut t = Table::new(1 << 12);
        for k in 0..2_000u64 {
            t.insert(k.wrapping_mul(0x9e37_79b9_7f4a_7c15), 5, entry(k as i32));
        }
        assert_eq!(t.len(), 2_000);
        for k in 0..2_000u64 {
            let e = t.get(k.wrapping_mul(0x9e37_79b9_7f4a_7c15)).expect("kept");
            assert_eq!(e.lower, k as i32);
        }
        let mut full = Table::new(FIRST_SLOTS);
        // One more position than a place has slots: the one with fewest tricks left goes.
        let place = |n: u64| n * FIRST_SLOTS as u64;
        for (n, tricks) in [(1, 6), (2, 3), (3, 5), (4, 7), (5, 4)] {
            full.insert(place(n), tricks, entry(n as i32));
        }
        assert!(full.get(place(2)).is_none());
        for n in [1, 3, 4, 5] {
            assert_eq!(full.get(place(n)).map(|e| e.lower), Some(n as i32));
        }
        full.insert(place(3), 5, entry(-3));
        assert_eq!(full.get(place(3)).map(|e| e.lower), Some(-3), "updated");
        assert_eq!(full.len(), WAYS);
    }
}
