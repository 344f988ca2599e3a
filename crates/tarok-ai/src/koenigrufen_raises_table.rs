// Written by examples/contracts_table.rs: 1000 deals of level-2 self-play without inference
// (24 layouts, think 1000 ms); rows: Kontra on the game, Kontra on a premium, Re on a premium,
// Re on the game (each raising seat once, by the one of these that tells most, the last);
// columns: 0 to 12 tarocks as dealt.
[
    [0, 2, 13, 40, 65, 127, 129, 62, 12, 1, 0, 0, 0],
    [0, 3, 23, 36, 51, 63, 66, 34, 9, 0, 0, 0, 0],
    [0, 0, 1, 5, 7, 10, 11, 11, 6, 2, 0, 0, 0],
    [0, 1, 0, 3, 3, 10, 20, 62, 47, 15, 3, 0, 0],
]
