//! The schedule: the tables of entrants, the deals of schools, and each
//! game's seats, schools and chance seed, from its table and index alone
//! (so raising `games` extends a tournament).

use tash_kalar_rules::{Form, Game, School, SetupError, Token};

use super::TournamentConfig;

/// Every deal of the base game's four schools: [`deals_among`]
/// [`School::BASE`], the deals of `--decks all`.
pub fn all_deals(form: Form, seats: usize) -> Vec<Vec<School>> {
    deals_among(form, seats, &School::BASE)
}

/// Every deal among `schools` of a form with `seats` seats, in seat order.
/// For each set of schools a table needs (two, or three or four in a
/// melee, four in team play), taken in the order of `schools`: in the
/// two-player forms and the melee of three the set as it is; in team play
/// each split of the four into two teams, twice (each school of a team
/// leading it once: the leader plays first and gives the team its color);
/// in a melee of four the three ways to seat the four around the table
/// (turned and mirrored alike, as the schedule does both).
pub fn deals_among(form: Form, seats: usize, schools: &[School]) -> Vec<Vec<School>> {
    let table = if form.teams() { 4 } else { seats };
    let mut out = Vec::new();
    for set in subsets(schools, table) {
        if form.teams() {
            for partner in 1..4 {
                let a = [set[0], set[partner]];
                let b: Vec<School> = (1..4).filter(|&i| i != partner).map(|i| set[i]).collect();
                out.push(vec![a[0], b[0], a[1], b[1]]);
                out.push(vec![a[1], b[1], a[0], b[0]]);
            }
        } else if table == 4 {
            let (n, s, h, y) = (set[0], set[1], set[2], set[3]);
            out.extend([vec![n, s, h, y], vec![n, h, s, y], vec![n, s, y, h]]);
        } else {
            out.push(set);
        }
    }
    out
}

/// The subsets of `size` items, each in the items' order, the subsets in
/// lexicographic order of their positions.
fn subsets(items: &[School], size: usize) -> Vec<Vec<School>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Deals from text: `all` (every deal of the four base schools),
/// `all-schools` (every deal of all seven), or a comma-separated list, each
/// deal written side by side with `/` between sides: `northern/southern` (two players),
/// `northern+highland/southern+sylvan` (teams: the first school of a team
/// leads it), `northern/southern/highland` (a melee, in seat order).
pub fn parse_deals(form: Form, seats: usize, text: &str) -> Result<Vec<Vec<School>>, DealsError> {
    match text.trim() {
        "all" => return Ok(all_deals(form, seats)),
        "all-schools" => return Ok(deals_among(form, seats, &School::ALL)),
        _ => {}
    }
    let school = |n: &str| School::parse(n.trim()).ok_or_else(|| DealsError::UnknownDeck(Token::new(n)));
    text.split(',')
        .map(|d| {
            let sides: Vec<&str> = d.split('/').collect();
            let deal: Vec<School> = if form.teams() {
                let teams: Vec<Vec<School>> = sides
                    .iter()
                    .map(|t| t.split('+').map(school).collect::<Result<Vec<_>, _>>())
                    .collect::<Result<_, _>>()?;
                if teams.len() != 2 || teams.iter().any(|t| t.len() != 2) {
                    return Err(DealsError::NotTeams(Token::new(d)));
                }
                vec![teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
            } else {
                let deal = sides.iter().map(|&n| school(n)).collect::<Result<Vec<_>, _>>()?;
                if deal.len() != seats {
                    return Err(DealsError::NotSeats { deal: Token::new(d), seats });
                }
                deal
            };
            Game::new(form, &deal).map_err(|error| DealsError::Setup { deal: Token::new(d), error })?;
            Ok(deal)
        })
        .collect()
}

/// Why a text of deals was refused (see [`parse_deals`]); the words it
/// quotes are bounded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealsError {
    #[error("unknown deck {0}: expected {names}", names = School::names())]
    UnknownDeck(Token),
    #[error("{0} is not two teams of two decks like northern+highland/southern+sylvan")]
    NotTeams(Token),
    #[error("{deal} is not {seats} decks like {example}", example = example_deal(*seats))]
    NotSeats { deal: Token, seats: usize },
    /// The deal cannot start a game of the form (a school twice, say).
    #[error("{}: {error}", deal.as_str())]
    Setup { deal: Token, error: SetupError },
}

/// A deal of `seats` base schools, as the refusals show it.
fn example_deal(seats: usize) -> String {
    ["northern", "southern", "highland", "sylvan"][..seats.min(4)].join("/")
}

/// The tables of entrants: with at least as many entrants as sides, every
/// set of `sides` of them; with fewer, every way to fill the sides with
/// each entrant at least once. Each in increasing order of entrants.
pub fn tables(entrants: usize, sides: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut table = Vec::with_capacity(sides);
    // non-decreasing sequences; strictly increasing when there are entrants enough
    fn fill(n: usize, k: usize, distinct: bool, table: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if table.len() == k {
            if distinct || (0..n).all(|e| table.contains(&e)) {
                out.push(table.clone());
            }
            return;
        }
        let from = match table.last() {
            Some(&l) if distinct => l + 1,
            Some(&l) => l,
            None => 0,
        };
        for e in from..n {
            table.push(e);
            fill(n, k, distinct, table, out);
            table.pop();
        }
    }
    if entrants > 0 && sides > 0 {
        fill(entrants, sides, entrants >= sides, &mut table, &mut out);
    }
    out
}

/// The games to play: every table, `games` each.
pub fn schedule(config: &TournamentConfig) -> Vec<(Vec<usize>, u32)> {
    let mut out = Vec::new();
    for t in tables(config.entrants.len(), config.sides()) {
        for i in 0..config.games {
            out.push((t.clone(), i));
        }
    }
    out
}

/// How one scheduled game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Entrant by seat.
    pub seats: Vec<usize>,
    /// School by seat.
    pub schools: Vec<School>,
    /// Seeds chance (the players' seeds are derived from it one way, see
    /// [`PlayerSeeds`](super::PlayerSeeds)).
    pub seed: u64,
}

/// SplitMix64, to spread a table's entrants over a seed.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Seats, schools and seed of game `index` of a table, from the index
/// alone. With `k` sides, the `i`-th entrant of the table plays side
/// `(i + index) mod k` (mirrored, `(index − i) mod k`, in the second half of
/// each cycle of deals) with the schools of the deal's side
/// `(i + index / k) mod k`, the deal being number `index / k²` (cycling).
/// Games that differ only in the turn of the sides share their chance
/// seed.
pub fn setup(config: &TournamentConfig, table: &[usize], index: u32) -> Setup {
    let k = table.len().max(1);
    let i = index as usize;
    let turn = i % k;
    let school_turn = (i / k) % k;
    let block = i / (k * k);
    let deals = config.schools.len().max(1);
    let deal = &config.schools[block % deals];
    let mirrored = (block / deals) % 2 == 1;
    let seat_count = deal.len();
    let mut seats = vec![0; seat_count];
    let mut schools = deal.clone();
    for (m, &entrant) in table.iter().enumerate() {
        let side = if mirrored { (turn + k - m) % k } else { (m + turn) % k };
        let from = (m + school_turn) % k;
        // a side's seats: one, or a team's two sitting opposite
        let mut seat = side;
        let mut source = from;
        while seat < seat_count {
            seats[seat] = entrant;
            schools[seat] = deal[source];
            seat += k;
            source += k;
        }
    }
    let seed = match *table {
        // the formula of the two-sided tournaments before melee (kept, so that they resume alike)
        [a, b] => config.seed ^ ((a as u64) << 48) ^ ((b as u64) << 32) ^ (i / k) as u64,
        _ => config.seed ^ table.iter().fold(mix(k as u64), |h, &e| mix(h ^ e as u64)) ^ (i / k) as u64,
    };
    Setup { seats, schools, seed }
}
