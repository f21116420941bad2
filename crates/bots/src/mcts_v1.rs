//! The first information-set Monte Carlo tree search, kept unchanged as a
//! baseline to measure the new search ([`crate::mcts`]) against.
//!
//! Each iteration deals the cards the bot cannot see in a new way
//! (determinization, from its [`Observation`]), walks down one shared tree
//! keyed by the players' choices (chance steps pass through), adds one node,
//! plays a short biased random continuation (one turn by default) and
//! scores it with the hand-written evaluation, less the root's (a logistic
//! of the difference, so that positions already won or lost still tell
//! their choices apart). A child's selection uses UCB1 over the number of
//! times it was available, since different deals allow different choices.
//! Several threads search separate trees from the same root and add up their
//! visit counts (root parallelism).
//!
//! At the root, every choice is first judged like the greedy bot judges it
//! (the action finished greedily, then evaluated): the search tries the
//! choices in that order, widens to more of them as it goes (progressive
//! widening) and adds a bias towards the better-judged ones that fades with
//! visits (progressive bias), so that a small budget is spent on the
//! choices that matter.
//!
//! Work is reused between decisions: when the bot's next decision follows
//! from its own last choice with nothing new seen in between (the steps of
//! one action, the actions of one turn), the search goes on from the
//! subtree below that choice.

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, Choice, Game, Observation, Phase, Seat};

use crate::bot::Bot;
use crate::eval::{evaluate_with, Weights};
use crate::greedy::finish_action;

/// How much the bot may search per decision.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsV1Config {
    /// Iterations per decision (all threads together), if limited.
    pub iterations: Option<u32>,
    /// Wall-clock time per decision, if limited.
    pub time: Option<Duration>,
    pub threads: usize,
    /// Turns a playout continues past the leaf before it is evaluated.
    pub playout_turns: u16,
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// Evaluation points that make a playout's result 73% (the logistic scale).
    pub scale: f64,
    /// Weight of the root's progressive bias (0: none).
    pub prior: f64,
    /// Root children allowed: at least 3, and this times the square root of
    /// the root's visits (0: all at once).
    pub widen: f64,
    /// Score a playout by its evaluation less the root's (so that the
    /// results of a game already well won or lost still differ).
    pub centre: bool,
    /// Go on from the last search's subtree when the bot's next decision
    /// follows from its own choice.
    pub reuse: bool,
    /// The evaluation's weights (by default the hand-written ones it was
    /// measured with, [`Weights::hand_written`]).
    pub weights: Weights,
}

impl Default for MctsV1Config {
    fn default() -> Self {
        MctsV1Config {
            iterations: Some(2000),
            time: None,
            threads: 1,
            playout_turns: 1,
            exploration: 0.3,
            scale: 3.0,
            prior: 1.0,
            widen: 2.0,
            centre: true,
            reuse: true,
            // the baseline keeps the weights it was measured with
            weights: Weights::hand_written(),
        }
    }
}

pub struct MctsV1Bot {
    config: MctsV1Config,
    rng: ChaCha8Rng,
    /// The search trees of the last decision (one per thread).
    trees: Vec<Tree>,
    /// The observation those trees were searched from.
    searched: Option<Observation>,
}

/// One thread's search tree, and the root evaluations its results are
/// scored against.
struct Tree {
    nodes: Vec<Node>,
    base: Vec<f64>,
}

impl Tree {
    /// The subtree below one of the root's choices, as a tree of its own.
    fn below(&self, choice: Choice) -> Option<Tree> {
        let &k = self.nodes[0].children.iter().find(|&&k| self.nodes[k as usize].choice == Some(choice))?;
        let mut nodes: Vec<Node> = Vec::new();
        let mut stack = vec![(k as usize, None::<usize>)];
        while let Some((old, parent)) = stack.pop() {
            let n = &self.nodes[old];
            let new = nodes.len();
            nodes.push(Node { children: Vec::new(), ..*n });
            if let Some(p) = parent {
                nodes[p].children.push(new as u32);
            }
            stack.extend(n.children.iter().map(|&c| (c as usize, Some(new))));
        }
        nodes[0].choice = None;
        Some(Tree { nodes, base: self.base.clone() })
    }
}

impl MctsV1Bot {
    pub fn new(config: MctsV1Config, seed: u64) -> MctsV1Bot {
        MctsV1Bot { config, rng: ChaCha8Rng::seed_from_u64(seed), trees: Vec::new(), searched: None }
    }

    /// The trees to go on from for `obs`: those kept from the last search
    /// if `obs` is what the bot's own last choice led to, else none.
    fn kept_trees(&mut self, obs: &Observation, threads: usize) -> Vec<Option<Tree>> {
        let trees = std::mem::take(&mut self.trees);
        match self.searched.take() {
            Some(last) if last == *obs && trees.len() == threads => trees.into_iter().map(Some).collect(),
            _ => (0..threads).map(|_| None).collect(),
        }
    }

    /// Remembers what the trees below `choice` will be searching from.
    fn keep(&mut self, obs: &Observation, choice: Choice) {
        let mut after = obs.game().clone();
        after.apply_unchecked(choice);
        // only for the bot's own next step, with nothing new to see
        if after.actor() != Actor::Seat(obs.seat()) {
            self.trees.clear();
            return;
        }
        let next = after.observe(obs.seat());
        if *next.game() != after {
            self.trees.clear();
            return;
        }
        let below: Option<Vec<Tree>> = self.trees.iter().map(|t| t.below(choice)).collect();
        match below {
            Some(trees) => {
                self.trees = trees;
                self.searched = Some(next);
            }
            None => self.trees.clear(),
        }
    }

    /// Searches and returns each root choice's visit count, most visited first.
    pub fn search(&mut self, obs: &Observation) -> Vec<(Choice, u32)> {
        // the time budget covers the whole decision, judging the root included
        let deadline = self.config.time.map(|t| Instant::now() + t);
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.gen()).collect();
        let per_thread = self.config.iterations.map(|n| n.div_ceil(threads as u32).max(1));
        let kept = self.kept_trees(obs, threads);
        let config = &self.config;
        let priors = &root_priors(obs, config);
        let trees: Vec<Tree> = if threads == 1 {
            kept.into_iter().map(|t| search_tree(obs, config, priors, per_thread, deadline, seeds[0], t)).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .zip(kept)
                    .map(|(&seed, t)| {
                        scope.spawn(move || search_tree(obs, config, priors, per_thread, deadline, seed, t))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("search thread")).collect()
            })
        };
        let mut total: Vec<(Choice, u32)> = Vec::new();
        for t in &trees {
            let root = t.nodes[0].children.iter().map(|&k| &t.nodes[k as usize]);
            for (c, n) in root.map(|n| (n.choice.expect("child choice"), n.visits)) {
                match total.iter_mut().find(|(d, _)| *d == c) {
                    Some(e) => e.1 += n,
                    None => total.push((c, n)),
                }
            }
        }
        // stable: most visits, then the better judged, then the engine's order
        let rank = |c: Choice| priors.iter().position(|p| p.0 == c);
        total.sort_by_key(|&(c, n)| (std::cmp::Reverse(n), rank(c)));
        self.trees = trees;
        self.searched = Some(obs.clone());
        total
    }
}

impl Bot for MctsV1Bot {
    fn name(&self) -> String {
        "mcts-v1".into()
    }

    fn choose(&mut self, obs: &Observation) -> Choice {
        let legal = obs.game().legal_choices();
        let choice = if legal.len() == 1 {
            // a forced step: the kept trees, if they fit, go on below it
            let threads = self.config.threads.max(1);
            self.trees = self.kept_trees(obs, threads).into_iter().flatten().collect();
            if !self.trees.is_empty() {
                self.searched = Some(obs.clone());
            }
            legal[0]
        } else {
            self.search(obs).first().map(|&(c, _)| c).unwrap_or(legal[0])
        };
        if self.config.reuse && !self.trees.is_empty() {
            self.keep(obs, choice);
        } else {
            self.trees.clear();
            self.searched = None;
        }
        choice
    }
}

#[derive(Clone)]
struct Node {
    /// The choice that leads here and the seat that made it.
    choice: Option<Choice>,
    seat: Seat,
    visits: u32,
    /// Sum of playout results for `seat`.
    reward: f64,
    /// Times this node's choice was legal when its parent was visited.
    available: u32,
    children: Vec<u32>,
}

/// The root's legal choices judged greedily (each action finished by the
/// greedy bot, then evaluated), best first, with a weight in (0, 1]:
/// `exp(value - best)` in evaluation points.
pub fn root_priors(obs: &Observation, config: &MctsV1Config) -> Vec<(Choice, f64)> {
    let game = obs.game();
    let seat = obs.seat();
    let mut judged: Vec<(Choice, f64)> = game
        .legal_choices()
        .into_iter()
        .map(|c| {
            let mut next = game.clone();
            next.apply_unchecked(c);
            finish_action(&mut next, seat, &config.weights);
            (c, evaluate_with(&next, seat, &config.weights))
        })
        .collect();
    // stable: equal values keep the engine's order
    judged.sort_by(|a, b| b.1.total_cmp(&a.1));
    let best = judged.first().map_or(0.0, |j| j.1);
    judged.into_iter().map(|(c, v)| (c, (v - best).max(-50.0).exp())).collect()
}

fn search_tree(
    obs: &Observation,
    config: &MctsV1Config,
    priors: &[(Choice, f64)],
    iterations: Option<u32>,
    deadline: Option<Instant>,
    seed: u64,
    kept: Option<Tree>,
) -> Tree {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // a kept tree keeps the scores it was searched with
    let Tree { mut nodes, base } = kept.unwrap_or_else(|| Tree {
        nodes: vec![Node {
            choice: None,
            seat: obs.seat(),
            visits: 0,
            reward: 0.0,
            available: 0,
            children: Vec::new(),
        }],
        base: (0..obs.game().seat_count() as Seat)
            .map(|s| if config.centre { evaluate_with(obs.game(), s, &config.weights) } else { 0.0 })
            .collect(),
    });
    let mut legal = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let mut done = 0u32;
    loop {
        if iterations.is_some_and(|n| done >= n) {
            break;
        }
        // a few iterations even when judging the root used up the time
        if done > 0 && done.is_multiple_of(8) && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if iterations.is_none() && config.time.is_none() && done >= 1000 {
            break;
        }
        done += 1;
        let mut game = obs.determinize(&mut |cards| cards.shuffle(&mut rng));
        path.clear();
        path.push(0);
        let mut node = 0usize;
        // selection and expansion
        loop {
            match game.actor() {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.legal_choices_into(&mut legal);
                    let c = legal[rng.gen_range(0..legal.len())];
                    game.apply_unchecked(c);
                }
                Actor::Seat(seat) => {
                    game.legal_choices_into(&mut legal);
                    let mut unexpanded: Vec<Choice> = Vec::new();
                    for &c in &legal {
                        match nodes[node].children.iter().find(|&&k| nodes[k as usize].choice == Some(c)) {
                            Some(&k) => nodes[k as usize].available += 1,
                            None => unexpanded.push(c),
                        }
                    }
                    let at_root = node == 0;
                    let room = !at_root
                        || config.widen <= 0.0
                        || (nodes[0].children.len() as f64) < (config.widen * (nodes[0].visits as f64).sqrt()).max(3.0);
                    if !unexpanded.is_empty() && room {
                        let c = if at_root {
                            // the best-judged choice not tried yet
                            priors.iter().map(|p| p.0).find(|c| unexpanded.contains(c)).unwrap_or(unexpanded[0])
                        } else {
                            expansion_choice(&unexpanded, &mut rng)
                        };
                        let k = nodes.len() as u32;
                        nodes.push(Node {
                            choice: Some(c),
                            seat,
                            visits: 0,
                            reward: 0.0,
                            available: 1,
                            children: Vec::new(),
                        });
                        nodes[node].children.push(k);
                        game.apply_unchecked(c);
                        path.push(k);
                        break;
                    }
                    let mut best = None;
                    let mut best_score = f64::MIN;
                    for &k in &nodes[node].children {
                        let n = &nodes[k as usize];
                        let Some(c) = n.choice else { continue };
                        if !legal.contains(&c) {
                            continue;
                        }
                        let mean = n.reward / n.visits.max(1) as f64;
                        let mut ucb = mean
                            + config.exploration * ((n.available.max(1) as f64).ln() / n.visits.max(1) as f64).sqrt();
                        if at_root {
                            let p = priors.iter().find(|p| p.0 == c).map_or(0.0, |p| p.1);
                            ucb += config.prior * p / (n.visits as f64 + 1.0);
                        }
                        if ucb > best_score {
                            best_score = ucb;
                            best = Some(k);
                        }
                    }
                    let k = best.expect("a legal child");
                    game.apply_unchecked(nodes[k as usize].choice.expect("child choice"));
                    path.push(k);
                    node = k as usize;
                }
            }
        }
        let results = playout(&mut game, config, &base, &mut rng);
        for &k in &path {
            let n = &mut nodes[k as usize];
            n.visits += 1;
            n.reward += results[n.seat as usize];
        }
    }
    Tree { nodes, base }
}

/// A new child to try below the root: a summon if there is one (the
/// actions that change the game most), otherwise any.
fn expansion_choice(unexpanded: &[Choice], rng: &mut ChaCha8Rng) -> Choice {
    let summons = unexpanded.iter().filter(|c| matches!(c, Choice::Summon { .. })).count();
    if summons > 0 {
        let k = rng.gen_range(0..summons);
        return *unexpanded.iter().filter(|c| matches!(c, Choice::Summon { .. })).nth(k).expect("a summon");
    }
    unexpanded[rng.gen_range(0..unexpanded.len())]
}

/// Plays on with a biased random policy for a few turns, then scores the
/// position for every seat in [0, 1].
fn playout(game: &mut Game, config: &MctsV1Config, base: &[f64], rng: &mut ChaCha8Rng) -> Vec<f64> {
    let stop_at = game.turn().number + config.playout_turns;
    let mut legal = Vec::new();
    let mut steps = 0;
    while game.actor() != Actor::Nobody && game.turn().number < stop_at && steps < 400 {
        game.legal_choices_into(&mut legal);
        let c = playout_choice(game, &legal, rng);
        game.apply_unchecked(c);
        steps += 1;
    }
    let n = game.seat_count();
    (0..n as Seat)
        .map(|s| {
            let v = evaluate_with(game, s, &config.weights) - base[s as usize];
            1.0 / (1.0 + (-v / config.scale).exp())
        })
        .collect()
}

/// A cheap policy: summon when possible, rarely discard, rarely skip,
/// claim the best task, score a melee point in the lowest color.
fn playout_choice(game: &Game, legal: &[Choice], rng: &mut ChaCha8Rng) -> Choice {
    match game.phase() {
        Phase::Main => {
            let summons: Vec<Choice> = legal.iter().copied().filter(|c| matches!(c, Choice::Summon { .. })).collect();
            if !summons.is_empty() && rng.gen_bool(0.85) {
                return summons[rng.gen_range(0..summons.len())];
            }
            if rng.gen_bool(0.3) {
                if let Some(&f) = legal.iter().find(|c| matches!(c, Choice::Flare(_))) {
                    return f;
                }
            }
            let plain: Vec<Choice> =
                legal.iter().copied().filter(|c| matches!(c, Choice::Place { .. } | Choice::EndTurn)).collect();
            if !plain.is_empty() {
                return plain[rng.gen_range(0..plain.len())];
            }
            legal[rng.gen_range(0..legal.len())]
        }
        Phase::Returning => Choice::Done,
        // a task met is points: claim the one worth most
        Phase::Claim => legal
            .iter()
            .copied()
            .filter_map(|c| match c {
                Choice::Claim(t) => Some((t.points(), c)),
                _ => None,
            })
            .max_by_key(|&(p, _)| p)
            .map_or(Choice::Skip, |(_, c)| c),
        // a melee point goes where the player's score is: its lowest color
        Phase::Score { .. } => {
            let seat = game.turn().seat;
            legal
                .iter()
                .copied()
                .min_by_key(|&c| match c {
                    Choice::Point(color) => game.points(seat, color),
                    _ => i16::MAX,
                })
                .unwrap_or(legal[0])
        }
        Phase::Effect if legal.len() > 1 && rng.gen_bool(0.9) => {
            let active: Vec<Choice> = legal.iter().copied().filter(|&c| c != Choice::Skip).collect();
            active[rng.gen_range(0..active.len())]
        }
        _ => legal[rng.gen_range(0..legal.len())],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{CardId, Position};

    /// Blue with a Champion pattern next to a red legendary piece.
    fn champion() -> Game {
        let mut p = Position::duel("9/9/9/5r3/3bbr*3/3bb4/4b4/9/9").unwrap();
        p.seats[0].beings = vec![CardId::parse("imperial.champion").unwrap()];
        p.to_game().unwrap()
    }

    #[test]
    fn the_next_step_of_an_action_goes_on_from_the_kept_subtree() {
        let mut g = champion();
        let config = MctsV1Config { iterations: Some(400), threads: 2, ..MctsV1Config::default() };
        let mut bot = MctsV1Bot::new(config.clone(), 1);
        let c = bot.choose(&g.observe(0));
        assert!(matches!(c, Choice::Summon { .. }), "{c}");
        crate::testing::act(&mut g, c).unwrap();
        let obs = g.observe(0);
        let kept = bot.kept_trees(&obs, 2);
        let visits: Vec<u32> = kept.iter().map(|t| t.as_ref().expect("a kept tree").nodes[0].visits).collect();
        assert!(visits.iter().all(|&v| v > 20), "{visits:?}");
        // the kept tree is searched further: more visits than the budget
        bot.trees = kept.into_iter().flatten().collect();
        bot.searched = Some(obs.clone());
        let total: u32 = bot.search(&obs).iter().map(|v| v.1).sum();
        assert!(total > 400 + 40, "{total}");
        // an observation the bot did not lead to starts afresh
        let mut other = MctsV1Bot::new(MctsV1Config { reuse: false, ..config }, 1);
        let c = other.choose(&champion().observe(0));
        assert!(other.kept_trees(&obs, 2).iter().all(Option::is_none), "{c}");
        assert!(bot.kept_trees(&champion().observe(0), 2).iter().all(Option::is_none));
    }
}
