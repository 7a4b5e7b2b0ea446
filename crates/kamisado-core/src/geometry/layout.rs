//! The construction of `docs/boards.md`: a search for the colour layout of a
//! board of a given size, which gave the 6×6 and 10×10 boards theirs.

/// A partly filled layout: each square's colour, and the colours used in
/// each row and file as bit sets.
struct Search {
    n: usize,
    grid: Vec<Vec<Option<usize>>>,
    rows: Vec<u32>,
    files: Vec<u32>,
}

impl Search {
    /// Puts a colour on a square.
    fn put(&mut self, rank: usize, file: usize, colour: usize) {
        self.grid[rank][file] = Some(colour);
        self.rows[rank] |= 1 << colour;
        self.files[file] |= 1 << colour;
    }

    /// Takes a colour off a square.
    fn take(&mut self, rank: usize, file: usize, colour: usize) {
        self.grid[rank][file] = None;
        self.rows[rank] &= !(1 << colour);
        self.files[file] &= !(1 << colour);
    }

    /// Fills the upper half in reading order; each square's 180° twin with it.
    fn fill(&mut self, cell: usize) -> bool {
        let n = self.n;
        if cell == n / 2 * n {
            return true;
        }
        let (row, file) = (cell / n, cell % n);
        if self.grid[row][file].is_some() {
            return self.fill(cell + 1);
        }
        let (twin_row, twin_file) = (n - 1 - row, n - 1 - file);
        for colour in 0..n {
            let on_first_diagonal = file == row;
            let on_second_diagonal = file == n - 1 - row;
            if on_first_diagonal != (colour == 0) || on_second_diagonal != (colour == n - 1) {
                continue;
            }
            let used =
                self.rows[row] | self.files[file] | self.rows[twin_row] | self.files[twin_file];
            if used & (1 << colour) != 0 {
                continue;
            }
            self.put(row, file, colour);
            self.put(twin_row, twin_file, colour);
            if self.fill(cell + 1) {
                return true;
            }
            self.take(twin_row, twin_file, colour);
            self.take(row, file, colour);
        }
        false
    }
}

/// Builds a board's colour layout by the construction of `docs/boards.md`:
/// colours are numbered 0 to `size - 1` in the order of White's home row (the
/// top row, from file a), and the layout is the first, in reading order from
/// the top row down and from file a, of those that
///
/// - hold each colour once in every rank and every file,
/// - have colour 0 on the whole diagonal from the top-left corner and colour
///   `size - 1` on the whole diagonal from the top-right corner,
/// - are the same turned 180°,
/// - and have the colours in order along the top row.
///
/// Returns the rows from the top, or `None` for a size with no such layout
/// (odd sizes, and 2).
///
/// ```
/// use kamisado_core::geometry::construct_layout;
/// let six = construct_layout(6).unwrap();
/// assert_eq!(six[0], [0, 1, 2, 3, 4, 5]);
/// assert_eq!(six[5], [5, 4, 3, 2, 1, 0]);
/// ```
pub fn construct_layout(size: usize) -> Option<Vec<Vec<usize>>> {
    if size < 4 || size % 2 == 1 || size > 16 {
        return None;
    }
    let mut search = Search {
        n: size,
        grid: vec![vec![None; size]; size],
        rows: vec![0; size],
        files: vec![0; size],
    };
    for file in 0..size {
        search.put(0, file, file);
        search.put(size - 1, size - 1 - file, file);
    }
    if !search.fill(size) {
        return None;
    }
    Some(
        search
            .grid
            .into_iter()
            .map(|row| row.into_iter().map(|c| c.expect("filled")).collect())
            .collect(),
    )
}
