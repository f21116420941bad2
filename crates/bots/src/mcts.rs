//! Information-set Monte Carlo tree search that sees the replies.
//!
//! Each iteration deals the cards the bot cannot see in a new way
//! (determinization, from its [`Observation`]; with
//! [`MctsConfig::reveal`], by what the other seats' play revealed, see
//! [`crate::reveal`]), walks down one tree keyed by
//! the players' choices (chance steps pass through, forced steps too), adds
//! one node, and plays on with a fast playout policy *through the other
//! seats' turns* (in a melee every seat, in team play the teammate and both
//! opponents) to a horizon of whole turns (by default that round and then
//! the bot's own next turn) or the end of the game. The
//! position there is scored for every seat with the end-aware evaluation
//! ([`evaluate_end`]) less the root's, through a logistic, and each node
//! keeps the result of the seat that chose it: every seat picks its own
//! best (max^n with a reward per seat).
//!
//! Why whole turns: a Tash-Kalar turn is many atomic choices (actions, the
//! steps of effects, returns after a discard, claims). A horizon counted in
//! steps, or one that stops when the bot's own turn ends, never sees the
//! reply, and an action with more steps (a discard and its returns) pushes
//! the reply further away, so such a search favours it. Counted in whole
//! turns, every root choice is judged after the same replies.
//!
//! The tree: nodes in one arena; the edge from a node by a choice is found
//! in one hash map keyed by (node, choice), so a step costs the same however
//! many children a node has (the old search scanned them). Selection is UCB1
//! over the times a child was available (different deals allow different
//! choices). At the root, every choice is first judged as the greedy bot
//! judges it; the search tries them in that order, widens to more of them
//! as it goes (progressive widening) and adds a fading bias towards the
//! better judged. Below the root, nodes widen the same way in the order
//! the playout policy prefers (its pick first, without its noise: see
//! [`MctsConfig::judged_expansion`]), so that the opponents' strongest
//! replies are searched before their many quiet placements.
//!
//! The playout policy plays like a sensible player at a fraction of the
//! greedy bot's cost: it summons when it can (of one summon per being, the
//! one whose square costs the enemy most, the one whose immediate result is
//! best by [`quick_value`], a cheap count of scores and pieces),
//! resolves effects the same way, places next to its own pieces, claims
//! the best task, rarely invokes a flare in a deathmatch (it gives a point)
//! and never discards while another action is open.
//!
//! The horizon's evaluation adds the economy ([`crate::economy`]): legends
//! and flares held are worth something while turns are left, and a legend
//! returned to the shared deck, a flare returned or invoked, are charged to
//! the seat that chose it on the way (what the search as `mcts-v2` left
//! out, and why it dumped its hand; [`Economy::NONE`] turns it off). A
//! card summoned from the hand is credited its worth there (the ready
//! weight the evaluation gave it), so that a summon whose gain is not in
//! the pieces at once is not judged below a placement.
//!
//! Threads search separate trees from the same root and add up their visit
//! counts (root parallelism): no locks, and on a shared machine a slow
//! thread costs only its own share. Work is reused between decisions: when
//! the bot's next decision follows from its own last choice with nothing new
//! seen in between, the search goes on from the subtree below that choice.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use rand::seq::{IteratorRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tash_kalar_rules::{Actor, CardId, Choice, Color, Game, Observation, Phase, Piece, Seat, Square};

use crate::bot::Bot;
use crate::economy::{Economy, Ledger};
use crate::eval::{evaluate_end, evaluate_end_seats, quick_value, EndWeights, Weights};
use crate::greedy::finish_action;
use crate::reveal::{Beliefs, Reveal};
use crate::value::features::judged_form;
use crate::value::ValueNet;

/// How much the bot searches per decision, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision (all threads together), if limited (1 and up).
    pub iterations: Option<u32>,
    /// Wall-clock time per decision, if limited (the judging of the root
    /// included).
    pub time: Option<Duration>,
    /// Search threads (1 and up; each searches its own tree).
    pub threads: usize,
    /// The horizon: an iteration plays the rest of the current turn, one
    /// turn of every other seat (one round), then this many more whole
    /// turns (0 and up; 1 by default: the bot's own next turn, which beat 0
    /// in 32 of 48 duels at 500 iterations), before it is evaluated. (Named
    /// as the old search's option, `playout=`; there it counted turns past
    /// the leaf.)
    pub playout_turns: u16,
    /// The UCB1 exploration constant (0 and up; 0.1 by default: with the
    /// fitted weights 0.2 beat 0.3 in 175 of 288 duels at 1000 iterations
    /// and 0.1 beat 0.2 in 57 of 96. At 100 ms a decision 0.3 scored 8.5
    /// points more against `mcts-v2` in the duel, but 15 fewer first
    /// places in the melee of 3 at 1,000 iterations, so the default
    /// stays; see docs/bot-strength-log.md, "twentieth part").
    pub exploration: f64,
    /// Evaluation points that make a result 73% (the logistic scale; above 0).
    pub scale: f64,
    /// Weight of the root's progressive bias (0: none).
    pub prior: f64,
    /// Root children allowed: at least 3, and this times the square root of
    /// the root's visits (0: all at once).
    pub widen: f64,
    /// Children allowed below the root: at least 1, and this times the
    /// square root of the node's visits (0: all at once).
    pub widen_inner: f64,
    /// How often a playout step is random among the sensible choices
    /// instead of the policy's best (0 to 1).
    pub playout_noise: f64,
    /// The playout judges every summon in hand by its immediate result (as
    /// `mcts-v2`), not one summon per being picked at random.
    pub all_summons: bool,
    /// Of an effect step's choices, the playout judges at most this many
    /// (at random, the step's Skip always among them; 2 to
    /// [`JUDGED_STEPS`], the default, which judges every one as `mcts-v2`:
    /// 8 saved only 1% to 4% of an iteration and picked a worse step than
    /// all 24 in 12% of such steps, see docs/bot-strength-log.md).
    pub judged_steps: usize,
    /// A node below the root adds its children in the order of the playout
    /// policy's pick *without its noise* (the policy's best first): an
    /// opponent's node first tries its strongest reply by the policy's
    /// judging (its best summon, legends included, from the cards the
    /// iteration dealt it), not a random one a quarter of the time, which
    /// a node with few visits then judged the position by (on by default:
    /// 51 of 84 duels against `mcts-v2` at 1000 iterations, where the
    /// search without it had scored 168 of 336). Off: as `mcts-v2`, the
    /// pick with the playout's noise.
    pub judged_expansion: bool,
    /// Score a result by its evaluation less the root's (so that the
    /// results of a game already well won or lost still differ).
    pub centre: bool,
    /// Go on from the last search's subtree when the bot's next decision
    /// follows from its own choice.
    pub reuse: bool,
    /// Stop a search early once the most visited root choice cannot be
    /// overtaken with the iterations left (for a time budget, those the
    /// rate so far would fit into the time left): the choice is the same,
    /// sooner. With several threads each thread judges its own tree.
    pub early_stop: bool,
    pub weights: Weights,
    pub end: EndWeights,
    /// What held legends and flares are worth and what giving them away
    /// costs ([`crate::economy`]; [`Economy::NONE`] judges as `mcts-v2`).
    pub economy: Economy,
    /// What judges a position at the horizon (and the root's, which the
    /// results are measured from): the linear evaluation, or the learned
    /// value network in the duel and the High Form.
    pub value: Judge,
    /// Wall-clock time for all of the bot's choices in one turn, if
    /// limited: a choice gets at most half of what is left of it (and at
    /// most `time`), so that a turn of many steps (two summons, their
    /// effects, a flare, the tasks) stays within it; the first choices,
    /// which decide most, get the most, and the later ones go on in the
    /// trees those searched.
    pub turn: Option<Duration>,
    /// Iterations done so far in the current decision, all threads
    /// together (reset at each search's start), for whoever shows the
    /// search's progress (the server, while a bot thinks).
    pub progress: Option<Progress>,
    /// Deal the hidden cards by what the opponent's play reveals
    /// ([`crate::reveal`]): a card the next seat could have summoned for a
    /// clear gain and did not is dealt into its hand less often. Off by
    /// default: uniform dealings, as before.
    pub reveal: bool,
}

/// What judges a position at the search's horizon.
#[derive(Clone, Debug, PartialEq)]
pub enum Judge {
    /// The linear evaluation ([`evaluate_end`]), its weights the config's.
    Linear,
    /// A value network ([`crate::value`]) in the forms it judges, fed the
    /// linear evaluation's values, where a position's inputs are within
    /// those it was fitted on ([`crate::value::seen`]); the linear
    /// evaluation elsewhere and for a finished game. A spec's `value=net`
    /// is the compiled-in model.
    Net(Arc<ValueNet>),
}

/// The compiled-in network: it won its gate against the linear evaluation,
/// and with the linear evaluation judging what self-play never showed it
/// (a hand-built position with empty decks and the end not triggered, as
/// `tests/replies.rs`'s threatened legend) the search keeps its replies
/// (docs/bot-strength-log.md, "Issue 26, eighth part").
impl Default for Judge {
    fn default() -> Self {
        Judge::Net(crate::value::default_net())
    }
}

/// Every seat's value of `game` in evaluation points, as `config` judges
/// it at the horizon.
pub fn horizon_values(game: &Game, config: &MctsConfig) -> ArrayVec<f64, 4> {
    let mut values = evaluate_end_seats(game, &config.weights, &config.end);
    if let Judge::Net(net) = &config.value {
        // out of the positions the network was fitted on, the linear values stay
        if judged_form(game.form()) && !game.is_over() {
            net.judge(game, &mut values, &config.end);
        }
    }
    values
}

/// A counter of a search's iterations, bumped once per iteration. Not a
/// part of what a spec means: any two are equal, and none is written in
/// a spec's text.
#[derive(Clone, Debug, Default)]
pub struct Progress(pub Arc<AtomicU32>);

impl PartialEq for Progress {
    fn eq(&self, _: &Progress) -> bool {
        true
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: Some(2000),
            time: None,
            threads: 1,
            playout_turns: 1,
            exploration: 0.1,
            scale: 3.0,
            prior: 1.0,
            widen: 2.0,
            widen_inner: 1.0,
            playout_noise: 0.25,
            all_summons: false,
            judged_steps: JUDGED_STEPS,
            judged_expansion: true,
            centre: true,
            reuse: true,
            early_stop: true,
            weights: Weights::default(),
            end: EndWeights::default(),
            economy: Economy::default(),
            value: Judge::default(),
            turn: None,
            progress: None,
            reveal: false,
        }
    }
}

pub struct MctsBot {
    config: MctsConfig,
    rng: ChaCha8Rng,
    /// The search trees of the last decision (one per thread).
    trees: Vec<Tree>,
    /// The observation those trees were searched from.
    searched: Option<Observation>,
    /// The turn the bot last chose in and its time spent choosing in it
    /// (for [`MctsConfig::turn`]).
    this_turn: (u16, Duration),
    /// The time of the choice being searched, if the turn's budget cuts
    /// it below [`MctsConfig::time`].
    cut: Option<Duration>,
    /// What the other seats' play revealed so far (with
    /// [`MctsConfig::reveal`]).
    reveal: Reveal,
}

/// A small fast hasher for the edge map (the keys are a node number and a
/// few bytes of choice; no untrusted input reaches it).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Fx {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64)
    }
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i)
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64)
    }
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64)
    }
}

type Edges = HashMap<(u32, Choice), u32, BuildHasherDefault<Fx>>;

#[derive(Clone)]
struct Node {
    /// The choice that leads here and the seat that made it.
    choice: Option<Choice>,
    seat: Seat,
    visits: u32,
    /// Sum of results for `seat`.
    reward: f64,
    /// Times this node's choice was legal when its parent was visited.
    available: u32,
    /// A root child's prior (its judged weight, see [`root_priors`]); kept
    /// here so that selection looks nothing up.
    prior: f64,
    /// Children made so far (for the root's totals and for reuse).
    children: Vec<u32>,
}

impl Node {
    fn new(choice: Option<Choice>, seat: Seat) -> Node {
        Node { choice, seat, visits: 0, reward: 0.0, available: 0, prior: 0.0, children: Vec::new() }
    }
}

/// One thread's search tree, and the root evaluations its results are
/// scored against.
struct Tree {
    nodes: Vec<Node>,
    edges: Edges,
    /// The root's edges again, apart: every iteration looks up each of the
    /// root's legal choices, and a small map stays in the cache where the
    /// whole tree's does not.
    root_edges: HashMap<Choice, u32, BuildHasherDefault<Fx>>,
    base: Vec<f64>,
    /// The turn number of the root: the horizon counts from it.
    turn: u16,
    /// Iterations that met another seat's choice, and the other seats'
    /// choices made in playouts (for measurements).
    replies: u64,
    steps: u64,
}

impl Tree {
    fn child(&self, node: u32, choice: Choice) -> Option<u32> {
        if node == 0 {
            return self.root_edges.get(&choice).copied();
        }
        self.edges.get(&(node, choice)).copied()
    }

    /// The subtree below one of the root's choices, as a tree of its own.
    fn below(&self, choice: Choice) -> Option<Tree> {
        let k = self.child(0, choice)?;
        let mut nodes: Vec<Node> = Vec::new();
        let mut edges = Edges::default();
        let mut stack = vec![(k, None::<u32>)];
        while let Some((old, parent)) = stack.pop() {
            let n = &self.nodes[old as usize];
            let new = nodes.len() as u32;
            nodes.push(Node { children: Vec::new(), ..n.clone() });
            if let Some(p) = parent {
                nodes[p as usize].children.push(new);
                edges.insert((p, n.choice.expect("child choice")), new);
            }
            stack.extend(n.children.iter().map(|&c| (c, Some(new))));
        }
        nodes[0].choice = None;
        let root_edges = edges.iter().filter(|e| e.0 .0 == 0).map(|(e, &k)| (e.1, k)).collect();
        Some(Tree { nodes, edges, root_edges, base: self.base.clone(), turn: self.turn, replies: 0, steps: 0 })
    }
}

impl MctsBot {
    pub fn new(config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            trees: Vec::new(),
            searched: None,
            this_turn: (0, Duration::ZERO),
            cut: None,
            reveal: Reveal::default(),
        }
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
        // only for the bot's own next step in the same turn, with nothing new to see
        if after.actor() != Actor::Seat(obs.seat()) || after.turn().number != obs.game().turn().number {
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

    /// What the other seats' play revealed so far (uniform without
    /// [`MctsConfig::reveal`]).
    pub fn beliefs(&self) -> &Beliefs {
        self.reveal.beliefs()
    }

    /// Searches and returns each root choice's visit count, most visited first.
    pub fn search(&mut self, obs: &Observation) -> Vec<(Choice, u32)> {
        self.search_stats(obs).0
    }

    /// Like [`MctsBot::search`], with figures of the search.
    pub fn search_stats(&mut self, obs: &Observation) -> (Vec<(Choice, u32)>, SearchStats) {
        let (root, stats) = self.search_root(obs);
        (root.into_iter().map(|r| (r.choice, r.visits)).collect(), stats)
    }

    /// Searches and returns each root choice's visits and mean result for
    /// the seat to choose (in 0..=1: a result is the logistic of the
    /// evaluation at the horizon, see [`MctsConfig::scale`]), most visited
    /// first; with figures of the search.
    pub fn search_root(&mut self, obs: &Observation) -> (Vec<RootChoice>, SearchStats) {
        // the time budget covers the whole decision, judging the root included
        let deadline = self.cut.or(self.config.time).map(|t| Instant::now() + t);
        let threads = self.config.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.gen()).collect();
        let per_thread = self.config.iterations.map(|n| n.div_ceil(threads as u32).max(1));
        let kept = self.kept_trees(obs, threads);
        let config = &self.config;
        let dealing = Dealing { obs, beliefs: self.reveal.beliefs() };
        if let Some(p) = &config.progress {
            p.0.store(0, Ordering::Relaxed);
        }
        let judging = Instant::now();
        let priors = &root_priors(obs, config);
        let judging = judging.elapsed();
        let started = Instant::now();
        let results: Vec<(Tree, u64)> = if threads == 1 {
            kept.into_iter().map(|t| search_tree(dealing, config, priors, per_thread, deadline, seeds[0], t)).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = seeds
                    .iter()
                    .zip(kept)
                    .map(|(&seed, t)| {
                        scope.spawn(move || search_tree(dealing, config, priors, per_thread, deadline, seed, t))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("search thread")).collect()
            })
        };
        let stats = SearchStats {
            iterations: results.iter().map(|r| r.1).sum(),
            with_replies: results.iter().map(|r| r.0.replies).sum(),
            reply_steps: results.iter().map(|r| r.0.steps).sum(),
            nodes: results.iter().map(|r| r.0.nodes.len() as u64).sum(),
            judging,
            searching: started.elapsed(),
        };
        let trees: Vec<Tree> = results.into_iter().map(|r| r.0).collect();
        // (choice, visits, sum of results) over the threads' trees
        let mut total: Vec<(Choice, u32, f64)> = Vec::new();
        for t in &trees {
            let root = t.nodes[0].children.iter().map(|&k| &t.nodes[k as usize]);
            for n in root {
                let c = n.choice.expect("child choice");
                match total.iter_mut().find(|(d, _, _)| *d == c) {
                    Some(e) => {
                        e.1 += n.visits;
                        e.2 += n.reward;
                    }
                    None => total.push((c, n.visits, n.reward)),
                }
            }
        }
        // stable: most visits, then the better judged, then the engine's order
        let rank = |c: Choice| priors.iter().position(|p| p.0 == c);
        total.sort_by_key(|&(c, n, _)| (std::cmp::Reverse(n), rank(c)));
        self.trees = trees;
        self.searched = Some(obs.clone());
        let root = total
            .into_iter()
            .map(|(choice, visits, reward)| RootChoice {
                choice,
                visits,
                mean: if visits > 0 { reward / visits as f64 } else { 0.0 },
            })
            .collect();
        (root, stats)
    }
}

/// One of the root's choices after a search: its visits and the mean
/// result for the seat choosing (0..=1).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RootChoice {
    pub choice: Choice,
    pub visits: u32,
    pub mean: f64,
}

/// Figures of one search (all threads together), for measurements.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub iterations: u64,
    /// Iterations in which another seat made a choice (in the tree or in
    /// the playout).
    pub with_replies: u64,
    /// Choices made by other seats in playouts.
    pub reply_steps: u64,
    /// Tree nodes at the end (kept ones included).
    pub nodes: u64,
    /// Wall-clock time judging the root's choices, then searching.
    pub judging: Duration,
    pub searching: Duration,
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn set_progress(&mut self, counter: Option<Arc<AtomicU32>>) {
        self.config.progress = counter.map(Progress);
    }

    fn choose(&mut self, obs: &Observation) -> Choice {
        let started = Instant::now();
        let number = obs.game().turn().number;
        if self.this_turn.0 != number {
            self.this_turn = (number, Duration::ZERO);
        }
        self.cut = choice_time(self.config.time, self.config.turn, self.this_turn.1);
        if self.config.reveal {
            self.reveal.before_decision(obs, &self.config.weights, &self.config.end);
        }
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
        self.cut = None;
        if self.config.reveal {
            self.reveal.after_choice(obs, choice);
        }
        self.this_turn.1 += started.elapsed();
        if self.config.reuse && !self.trees.is_empty() {
            self.keep(obs, choice);
        } else {
            self.trees.clear();
            self.searched = None;
        }
        choice
    }
}

/// The time of one choice under a turn's budget `turn` of which `spent`
/// is used: half of what is left, and at most `time` (none without a
/// turn's budget: then `time` alone).
fn choice_time(time: Option<Duration>, turn: Option<Duration>, spent: Duration) -> Option<Duration> {
    let half = turn?.saturating_sub(spent) / 2;
    Some(time.map_or(half, |t| t.min(half)))
}

/// The root's legal choices judged greedily (each action finished by the
/// greedy bot, then evaluated), best first, with a weight in (0, 1]:
/// `exp(value - best)` in evaluation points.
pub fn root_priors(obs: &Observation, config: &MctsConfig) -> Vec<(Choice, f64)> {
    let game = obs.game();
    let seat = obs.seat();
    let mut judged: Vec<(Choice, f64)> = game
        .legal_choices()
        .into_iter()
        .map(|c| {
            let mut next = game.clone();
            next.apply_unchecked(c);
            finish_action(&mut next, seat, &config.weights);
            let credit = config.economy.summon_credit(game, c, &config.weights).map_or(0.0, |(_, v)| v);
            let spent = action_cost(game, &next, seat, config) - credit;
            let relief = config.economy.pending_relief(&next, seat, &config.end);
            (c, evaluate_end(&next, seat, &config.weights, &config.end) - spent + relief)
        })
        .collect();
    // stable: equal values keep the engine's order
    judged.sort_by(|a, b| b.1.total_cmp(&a.1));
    let best = judged.first().map_or(0.0, |j| j.1);
    judged.into_iter().map(|(c, v)| (c, (v - best).max(-50.0).exp())).collect()
}

/// What the economy charges `seat` for the action from `before` to `after`
/// (one action, in the same turn: the greedy finish of a root choice):
/// the legends and flares that left the hand but were not summoned or
/// invoked were returned.
fn action_cost(before: &Game, after: &Game, seat: Seat, config: &MctsConfig) -> f64 {
    let e = &config.economy;
    if e.is_none() || after.turn().number != before.turn().number {
        return 0.0;
    }
    let (b, a) = (before.seat(seat), after.seat(seat));
    let summoned = after.turn().legends_summoned.saturating_sub(before.turn().legends_summoned) as usize;
    let invoked = (after.turn().flare_used && !before.turn().flare_used) as usize;
    let legends = b.legends.len().saturating_sub(a.legends.len() + summoned);
    let flares = b.flares.len().saturating_sub(a.flares.len() + invoked);
    let returned = e.returned_legend(before, &config.end);
    legends as f64 * returned + flares as f64 * e.return_flare + invoked as f64 * e.flare
}

/// The turn number at which an iteration stops: one round after the
/// root's turn, and `playout_turns` more.
fn stop_turn(game: &Game, root_turn: u16, config: &MctsConfig) -> u16 {
    let horizon = game.seat_count() as u16 - 1 + config.playout_turns;
    root_turn.saturating_add(horizon).saturating_add(1)
}

/// What a search's iterations deal their games from: the observation and
/// the beliefs of what the other seats hold ([`crate::reveal`]).
#[derive(Copy, Clone)]
struct Dealing<'a> {
    obs: &'a Observation,
    beliefs: &'a Beliefs,
}

fn search_tree(
    dealing: Dealing,
    config: &MctsConfig,
    priors: &[(Choice, f64)],
    iterations: Option<u32>,
    deadline: Option<Instant>,
    seed: u64,
    kept: Option<Tree>,
) -> (Tree, u64) {
    let Dealing { obs, beliefs } = dealing;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // a kept tree keeps the scores and the horizon it was searched with
    let mut tree = kept.unwrap_or_else(|| Tree {
        nodes: vec![Node::new(None, obs.seat())],
        edges: Edges::default(),
        root_edges: HashMap::default(),
        base: {
            let held = Ledger::new(obs.game().seat_count()).values(&config.economy, obs.game(), &config.end);
            let values = horizon_values(obs.game(), config);
            (0..obs.game().seat_count() as Seat)
                .map(|s| {
                    let v = values[s as usize] + held[s as usize];
                    if config.centre {
                        v
                    } else {
                        0.0
                    }
                })
                .collect()
        },
        turn: obs.game().turn().number,
        replies: 0,
        steps: 0,
    });
    (tree.replies, tree.steps) = (0, 0);
    let stop = stop_turn(obs.game(), tree.turn, config);
    // the root's priors by choice: looked up for every root child, every iteration
    let prior_of: HashMap<Choice, f64, BuildHasherDefault<Fx>> = priors.iter().copied().collect();
    // (a kept tree's root children were inner nodes: their priors are this root's)
    for i in 0..tree.nodes[0].children.len() {
        let k = tree.nodes[0].children[i] as usize;
        let c = tree.nodes[k].choice.expect("child choice");
        tree.nodes[k].prior = prior_of.get(&c).copied().unwrap_or(0.0);
    }
    let mut legal = Vec::new();
    // The root's legal choices, listed once: they are the searching seat's,
    // which see nothing hidden, so every dealing of the hidden cards gives
    // the same list (the rules' views test it: a view, choices included, is
    // the same whatever the cards its seat cannot see); with each one's
    // child, if made, so that selection looks nothing up at the root.
    let mut root_legal: Option<Vec<Choice>> = None;
    let mut root_kids: Vec<Option<u32>> = Vec::new();
    // Likewise the searching seat's lists further down its own line of
    // steps from the root (no chance and no other seat's step between):
    // the same in every dealing, for the same reason. Keyed by the node and
    // the forced steps taken since it (a forced step makes no node), with
    // the node's children by the listed choices' order.
    type Listed = (Vec<Choice>, Vec<Option<u32>>);
    let mut line_legal: HashMap<(u32, u32), Listed, BuildHasherDefault<Fx>> = HashMap::default();
    let mut unexpanded: Vec<Choice> = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let mut results: Vec<f64> = Vec::new();
    let mut ledger = Ledger::new(obs.game().seat_count());
    let economy = !config.economy.is_none();
    let mut done = 0u32;
    let begun = Instant::now();
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
        if config.early_stop && done > 0 && done.is_multiple_of(32) && settled(&tree, iterations, done, deadline, begun)
        {
            break;
        }
        done += 1;
        if let Some(p) = &config.progress {
            p.0.fetch_add(1, Ordering::Relaxed);
        }
        // (uniform beliefs deal as before, the same draws from the rng)
        let mut game = if beliefs.is_uniform() {
            obs.determinize(&mut |cards| cards.shuffle(&mut rng))
        } else {
            beliefs.deal(obs, &mut rng)
        };
        path.clear();
        path.push(0);
        ledger.clear();
        let mut node = 0u32;
        // no step taken yet: the game is the root's position
        let mut at_start = true;
        // every step so far the searching seat's own, and the forced ones since `node`
        let (mut own_line, mut forced) = (true, 0u32);
        // selection and expansion, down to the horizon at most
        while game.turn().number < stop {
            match game.actor() {
                Actor::Nobody => break,
                Actor::Chance => {
                    game.legal_choices_into(&mut legal);
                    let c = legal[rng.gen_range(0..legal.len())];
                    game.apply_unchecked(c);
                    at_start = false;
                    own_line = false;
                }
                Actor::Seat(seat) => {
                    let root_listed = at_start && seat == obs.seat();
                    at_start = false;
                    own_line &= seat == obs.seat();
                    let mut line_kids = None;
                    match &root_legal {
                        Some(listed) if root_listed => {
                            legal.clone_from(listed);
                            debug_assert!(listed == &game.legal_choices(), "the root's choices depend on hidden cards");
                        }
                        _ if own_line && !root_listed => {
                            let (listed, kids) = line_legal.entry((node, forced)).or_insert_with(|| {
                                game.legal_choices_into(&mut legal);
                                (legal.clone(), legal.iter().map(|&c| tree.child(node, c)).collect())
                            });
                            legal.clone_from(listed);
                            debug_assert!(listed == &game.legal_choices(), "the seat's choices depend on hidden cards");
                            line_kids = Some(kids);
                        }
                        _ => {
                            game.legal_choices_into(&mut legal);
                            if root_listed {
                                root_kids = legal.iter().map(|&c| tree.child(0, c)).collect();
                                root_legal = Some(legal.clone());
                            }
                        }
                    }
                    // the children by the listed choices' order, at the root and down its line
                    let kids_by_choice = if node == 0 && root_listed { Some(&mut root_kids) } else { line_kids };
                    if legal.len() == 1 && node != 0 {
                        // a forced step is no decision: no node for it
                        ledger.note(&config.economy, &game, legal[0], &config.end, &config.weights);
                        game.apply_unchecked(legal[0]);
                        forced += 1;
                        continue;
                    }
                    let at_root = node == 0;
                    unexpanded.clear();
                    let mut best: Option<(u32, f64)> = None;
                    let mut present = 0usize;
                    // a node with few children finds them in the legal list
                    // (a few comparisons each) rather than every legal
                    // choice in the map of edges (a hash and a probe each,
                    // for every placement on the board); the same children,
                    // visited in the legal list's order
                    let kids = &tree.nodes[node as usize].children;
                    let mut found: ArrayVec<(u16, u32), SCANNED> = ArrayVec::new();
                    let scan = !at_root && kids.len() <= SCANNED && legal.len() <= u16::MAX as usize;
                    if scan {
                        for &k in kids {
                            let c = tree.nodes[k as usize].choice.expect("child choice");
                            if let Some(i) = legal.iter().position(|&l| l == c) {
                                found.push((i as u16, k));
                            }
                        }
                        found.sort_unstable_by_key(|f| f.0);
                    }
                    // a child's UCB score, counting it available
                    let score = |n: &mut Node| {
                        n.available += 1;
                        let visits = n.visits.max(1) as f64;
                        let mut ucb = n.reward / visits + config.exploration * (ln(n.available.max(1)) / visits).sqrt();
                        if at_root {
                            ucb += config.prior * n.prior / (n.visits as f64 + 1.0);
                        }
                        ucb
                    };
                    if scan {
                        present = found.len();
                        for &(_, k) in &found {
                            let ucb = score(&mut tree.nodes[k as usize]);
                            if best.is_none_or(|b| ucb > b.1) {
                                best = Some((k, ucb));
                            }
                        }
                    } else {
                        for (i, &c) in legal.iter().enumerate() {
                            let child = match &kids_by_choice {
                                Some(kids) => kids[i],
                                None => tree.child(node, c),
                            };
                            let Some(k) = child else {
                                unexpanded.push(c);
                                continue;
                            };
                            present += 1;
                            let ucb = score(&mut tree.nodes[k as usize]);
                            if best.is_none_or(|b| ucb > b.1) {
                                best = Some((k, ucb));
                            }
                        }
                    }
                    let visits = tree.nodes[node as usize].visits as f64;
                    let room = if at_root {
                        config.widen <= 0.0 || (present as f64) < (config.widen * visits.sqrt()).max(3.0)
                    } else {
                        config.widen_inner <= 0.0 || (present as f64) < (config.widen_inner * visits.sqrt()).max(1.0)
                    };
                    if scan && present < legal.len() && (room || best.is_none()) {
                        // the legal choices without a child, in their order
                        let mut next = found.iter().map(|f| f.0 as usize).peekable();
                        for (i, &c) in legal.iter().enumerate() {
                            if next.next_if_eq(&i).is_none() {
                                unexpanded.push(c);
                            }
                        }
                    }
                    if !unexpanded.is_empty() && (room || best.is_none()) {
                        let c = if at_root {
                            // the best-judged choice not tried yet
                            priors
                                .iter()
                                .map(|p| p.0)
                                .find(|&c| tree.child(0, c).is_none() && unexpanded.contains(&c))
                                .unwrap_or(unexpanded[0])
                        } else {
                            // the one the playout policy would pick
                            if config.judged_expansion {
                                policy_pick(&game, seat, &unexpanded, config, false, &mut rng)
                            } else {
                                policy_choice(&game, &unexpanded, config, &mut rng)
                            }
                        };
                        let k = tree.nodes.len() as u32;
                        let mut n = Node::new(Some(c), seat);
                        n.available = 1;
                        if at_root {
                            n.prior = prior_of.get(&c).copied().unwrap_or(0.0);
                        }
                        tree.nodes.push(n);
                        tree.nodes[node as usize].children.push(k);
                        tree.edges.insert((node, c), k);
                        if node == 0 {
                            tree.root_edges.insert(c, k);
                        }
                        if let Some(kids) = kids_by_choice {
                            if let Some(i) = legal.iter().position(|&l| l == c) {
                                kids[i] = Some(k);
                            }
                        }
                        ledger.note(&config.economy, &game, c, &config.end, &config.weights);
                        game.apply_unchecked(c);
                        path.push(k);
                        break;
                    }
                    let (k, _) = best.expect("a legal child");
                    let c = tree.nodes[k as usize].choice.expect("child choice");
                    ledger.note(&config.economy, &game, c, &config.end, &config.weights);
                    game.apply_unchecked(c);
                    path.push(k);
                    node = k;
                    forced = 0;
                }
            }
        }
        let theirs = playout(&mut game, stop, obs.seat(), config, &mut ledger, &mut legal, &mut rng);
        let in_tree = path.iter().any(|&k| tree.nodes[k as usize].seat != obs.seat());
        tree.replies += (theirs > 0 || in_tree) as u64;
        tree.steps += theirs as u64;
        results.clear();
        let mut values = horizon_values(&game, config);
        if economy {
            let held = ledger.values(&config.economy, &game, &config.end);
            values.iter_mut().zip(&held).for_each(|(v, h)| *v += h);
        }
        results.extend(values.iter().zip(&tree.base).map(|(v, b)| {
            let v = v - b;
            1.0 / (1.0 + (-v / config.scale).exp())
        }));
        for &k in &path {
            let n = &mut tree.nodes[k as usize];
            n.visits += 1;
            n.reward += results[n.seat as usize];
        }
    }
    (tree, done as u64)
}

/// The natural logarithm of `n`, from a table for the small numbers that
/// most of the selection's children have (the same values: the table holds
/// `f64::ln` of each; the logarithm was some 4% of an iteration).
#[inline]
fn ln(n: u32) -> f64 {
    const SMALL: usize = 4096;
    static TABLE: std::sync::OnceLock<Box<[f64]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| (0..SMALL).map(|k| (k as f64).ln()).collect());
    match table.get(n as usize) {
        Some(&v) => v,
        None => (n as f64).ln(),
    }
}

/// Whether the most visited root child of `tree` is out of reach: ahead of
/// every other by more than the iterations left (`done` of `iterations`,
/// or for a time budget, as many as the rate since `begun` fits into the
/// time left), so that the search's pick is already certain.
fn settled(tree: &Tree, iterations: Option<u32>, done: u32, deadline: Option<Instant>, begun: Instant) -> bool {
    let left = match (iterations, deadline) {
        (Some(n), None) => n.saturating_sub(done) as f64,
        (iterations, Some(d)) => {
            let now = Instant::now();
            let rate = done as f64 / now.duration_since(begun).as_secs_f64().max(1e-9);
            let by_time = d.saturating_duration_since(now).as_secs_f64() * rate;
            iterations.map_or(by_time, |n| by_time.min(n.saturating_sub(done) as f64))
        }
        (None, None) => return false,
    };
    let (mut first, mut second) = (0u32, 0u32);
    for &k in &tree.nodes[0].children {
        let v = tree.nodes[k as usize].visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    // a tie is broken by the judging, which a visit could change
    (first - second) as f64 > left
}

/// Plays on with the playout policy until the turn numbered `stop` begins
/// or the game ends; returns the choices made by another seat than `me`.
/// The seats' choices are noted in `ledger`; `legal` is a spare list (the
/// search's, so that a playout allocates nothing).
#[allow(clippy::too_many_arguments)]
fn playout(
    game: &mut Game,
    stop: u16,
    me: Seat,
    config: &MctsConfig,
    ledger: &mut Ledger,
    legal: &mut Vec<Choice>,
    rng: &mut ChaCha8Rng,
) -> u32 {
    let mut steps = 0;
    let mut theirs = 0;
    while game.actor() != Actor::Nobody && game.turn().number < stop && steps < 1000 {
        game.legal_choices_into(legal);
        let c = if legal.len() == 1 {
            legal[0]
        } else if game.actor() == Actor::Chance {
            legal[rng.gen_range(0..legal.len())]
        } else {
            theirs += (game.actor() != Actor::Seat(me)) as u32;
            policy_choice(game, legal, config, rng)
        };
        if game.actor() != Actor::Chance {
            ledger.note(&config.economy, game, c, &config.end, &config.weights);
        }
        game.apply_unchecked(c);
        steps += 1;
    }
    theirs
}

/// Nodes below the root with at most this many children find them by
/// scanning the legal list, larger ones by the map of edges.
const SCANNED: usize = 8;

/// Effect steps with at most this many choices are judged (all of them, or
/// some, see [`MctsConfig::judged_steps`]); longer ones are played at random.
pub const JUDGED_STEPS: usize = 24;

/// The playout policy's pick among `choices` (a subset of the legal ones):
/// the summon (or effect step) whose immediate result is best by the quick
/// value, now and then a random sensible one; a placement next to one's
/// own pieces; a flare rarely in a deathmatch (it gives a point); a discard
/// only if nothing else is open.
pub fn policy_choice(game: &Game, choices: &[Choice], config: &MctsConfig, rng: &mut ChaCha8Rng) -> Choice {
    let Actor::Seat(seat) = game.actor() else { return choices[rng.gen_range(0..choices.len())] };
    let noisy = rng.gen_bool(config.playout_noise.clamp(0.0, 1.0));
    policy_pick(game, seat, choices, config, noisy, rng)
}

/// The playout policy's pick for `seat` (the actor) among `choices`,
/// `noisy` or not (see [`policy_choice`]).
fn policy_pick(
    game: &Game,
    seat: Seat,
    choices: &[Choice],
    config: &MctsConfig,
    noisy: bool,
    rng: &mut ChaCha8Rng,
) -> Choice {
    match game.phase() {
        Phase::Main => {
            // (the picks at random count the candidates and take the k-th:
            // no list made at every step)
            let summons = choices.iter().copied().filter(|c| matches!(c, Choice::Summon { .. }));
            let n = summons.clone().count();
            if n > 0 {
                if noisy {
                    return nth(summons, rng.gen_range(0..n));
                }
                if config.all_summons {
                    return best_by_quick_value(game, seat, summons, rng).expect("a summon");
                }
                return best_summon(game, seat, summons, rng);
            }
            let flare = choices.iter().copied().find(|c| matches!(c, Choice::Flare(_)));
            if let Some(f) = flare {
                let chance = if game.form().deathmatch_scoring() || game.form().is_melee() { 0.05 } else { 0.3 };
                if rng.gen_bool(chance) {
                    return f;
                }
            }
            let places = choices.iter().copied().filter(|c| matches!(c, Choice::Place(_)));
            let n = places.clone().count();
            if n > 0 {
                // next to one's own pieces, where patterns grow
                let me = game.board().of_color(game.seat(seat).color);
                let near = |c: &Choice| match c {
                    Choice::Place(sq) => (sq.neighbours() & me).0 != 0,
                    _ => false,
                };
                let good = places.clone().filter(near);
                let n_good = good.clone().count();
                return if n_good == 0 || noisy {
                    nth(places, rng.gen_range(0..n))
                } else {
                    nth(good, rng.gen_range(0..n_good))
                };
            }
            if let Some(&e) = choices.iter().find(|c| matches!(c, Choice::EndTurn | Choice::PickUp(_))) {
                return e;
            }
            let not_discard = choices.iter().copied().filter(|c| !matches!(c, Choice::Discard(_) | Choice::Flare(_)));
            match not_discard.clone().count() {
                0 => choices[rng.gen_range(0..choices.len())],
                n => nth(not_discard, rng.gen_range(0..n)),
            }
        }
        Phase::Returning => {
            if choices.iter().any(|c| matches!(c, Choice::Done)) {
                Choice::Done
            } else {
                choices[0]
            }
        }
        // a task met is points: claim the one worth most
        Phase::Claim => choices
            .iter()
            .copied()
            .filter_map(|c| match c {
                Choice::Claim(t) => Some((t.points(), c)),
                _ => None,
            })
            .max_by_key(|&(p, _)| p)
            .map_or(choices[0], |(_, c)| c),
        // a melee point goes where the player's score is: its lowest color
        Phase::Score { .. } => choices
            .iter()
            .copied()
            .min_by_key(|&c| match c {
                Choice::Point(color) => game.points(seat, color),
                _ => i16::MAX,
            })
            .unwrap_or(choices[0]),
        Phase::Effect if choices.len() <= config.judged_steps.clamp(2, JUDGED_STEPS) && !noisy => {
            best_by_quick_value(game, seat, choices.iter().copied(), rng).expect("a choice")
        }
        Phase::Effect if choices.len() <= JUDGED_STEPS && !noisy => {
            let mut some: ArrayVec<Choice, JUDGED_STEPS> = ArrayVec::new();
            if choices.iter().any(|c| matches!(c, Choice::Skip)) {
                some.push(Choice::Skip);
            }
            let rest = choices.iter().copied().filter(|c| !matches!(c, Choice::Skip));
            let room = config.judged_steps.clamp(2, JUDGED_STEPS) - some.len();
            some.extend(rest.choose_multiple(rng, room));
            best_by_quick_value(game, seat, some.into_iter(), rng).expect("a choice")
        }
        Phase::Effect => {
            // (`matches!`, not `!=`: the derived comparison is a call a choice)
            let active = choices.iter().copied().filter(|c| !matches!(c, Choice::Skip));
            match active.clone().count() {
                0 => choices[rng.gen_range(0..choices.len())],
                n => nth(active, rng.gen_range(0..n)),
            }
        }
        _ => choices[rng.gen_range(0..choices.len())],
    }
}

/// The playout policy's worth of pieces: the hand-written weights, not the
/// evaluation's. The evaluation's are fitted to judge a position at the
/// horizon, where a common piece counts mostly through the patterns it
/// builds (a fit may value it at 0); the policy's one-step look needs a
/// piece to count in itself, as the pieces a summon destroys or leaves.
const POLICY_WEIGHTS: Weights = Weights::hand_written();

/// The `k`-th of some choices (there are more than `k`).
fn nth(mut choices: impl Iterator<Item = Choice>, k: usize) -> Choice {
    choices.nth(k).expect("fewer choices than counted")
}

/// The playout policy's summon: one summon of each being in hand judged by
/// its immediate result, the best of those; of a being's summons, the one
/// whose square costs the enemy most and its summoner least (an enemy piece
/// there is destroyed, one's own replaced, a piece picked up leaves its
/// square; see [`summon_square_worth`]), at random among equals. Judging
/// every summon was the playout's largest cost (some 16 applied copies of
/// the game a step); a being's summons mostly differ by what stands on the
/// square (the effect is judged at its own steps), and one at random per
/// being, without looking at the square, picked a worse summon than
/// `mcts-v2`'s a third of the time (the `playout_judging` example).
fn best_summon(game: &Game, seat: Seat, summons: impl Iterator<Item = Choice>, rng: &mut ChaCha8Rng) -> Choice {
    // per being: the best worth of a square so far, how many summons share
    // it, and the one picked at random among those
    let mut picked: ArrayVec<(CardId, f64, u32, Choice), 16> = ArrayVec::new();
    let me = game.seat(seat).color;
    for c in summons {
        let Choice::Summon { card, at, pickup, .. } = c else { continue };
        let worth = summon_square_worth(game, me, at, pickup);
        match picked.iter().position(|p| p.0 == card) {
            Some(i) => {
                let p = &mut picked[i];
                if worth > p.1 + 1e-9 {
                    *p = (card, worth, 1, c);
                } else if worth > p.1 - 1e-9 {
                    p.2 += 1;
                    if rng.gen_range(0..p.2) == 0 {
                        p.3 = c;
                    }
                }
            }
            None => {
                let _ = picked.try_push((card, worth, 1, c));
            }
        }
    }
    if picked.len() == 1 {
        return picked[0].3;
    }
    best_by_quick_value(game, seat, picked.iter().map(|p| p.3), rng).expect("a summon")
}

/// What a summon's square and pick-up change at once, by the policy's
/// weights of pieces: an enemy piece on the square is destroyed (its worth
/// gained), one's own is replaced (lost), a piece picked up leaves the board.
fn summon_square_worth(game: &Game, me: Color, at: Square, pickup: Option<Square>) -> f64 {
    let board = game.board();
    let worth = |sq| board.get(sq).map_or(0.0, |p: Piece| POLICY_WEIGHTS.piece[p.rank.index()]);
    let square = match board.get(at) {
        Some(p) if p.color != me => worth(at),
        Some(_) => -worth(at),
        None => 0.0,
    };
    square - pickup.map_or(0.0, worth)
}

/// The choice whose immediate result has the best quick value for `seat`
/// (ties broken at random).
fn best_by_quick_value(
    game: &Game,
    seat: Seat,
    choices: impl Iterator<Item = Choice>,
    rng: &mut ChaCha8Rng,
) -> Option<Choice> {
    let mut best: Option<(Choice, f64)> = None;
    let mut ties = 0u32;
    for c in choices {
        // (the copy's events are never read: no log copied)
        let mut next = game.clone_unlogged();
        next.apply_unchecked(c);
        let v = quick_value(&next, seat, &POLICY_WEIGHTS);
        match best {
            Some((_, b)) if v < b - 1e-9 => {}
            Some((_, b)) if v <= b + 1e-9 => {
                ties += 1;
                if rng.gen_range(0..ties + 1) == 0 {
                    best = Some((c, b));
                }
            }
            _ => {
                best = Some((c, v));
                ties = 0;
            }
        }
    }
    best.map(|b| b.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tash_kalar_rules::{CardId, Form, Position, School};

    /// Blue with a Champion pattern next to a red legendary piece.
    fn champion() -> Game {
        let mut p = Position::duel("9/9/9/5r3/3bbr*3/3bb4/4b4/9/9").unwrap();
        p.seats[0].beings = vec![CardId::parse("imperial.champion").unwrap()];
        p.to_game().unwrap()
    }

    #[test]
    fn the_next_step_of_an_action_goes_on_from_the_kept_subtree() {
        let mut g = champion();
        let config = MctsConfig { iterations: Some(400), threads: 2, early_stop: false, ..MctsConfig::default() };
        let mut bot = MctsBot::new(config.clone(), 1);
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
        let mut other = MctsBot::new(MctsConfig { reuse: false, ..config }, 1);
        let c = other.choose(&champion().observe(0));
        assert!(other.kept_trees(&obs, 2).iter().all(Option::is_none), "{c}");
        assert!(bot.kept_trees(&champion().observe(0), 2).iter().all(Option::is_none));
    }

    #[test]
    fn the_playouts_summon_of_a_being_is_on_the_square_that_costs_the_enemy_most() {
        // the Champion's position with a red piece on d3, one of its squares
        let mut p = Position::duel("9/9/9/5r3/3bbr*3/3bb4/3rb4/9/9").unwrap();
        p.seats[0].beings = vec![CardId::parse("imperial.champion").unwrap()];
        let g = p.to_game().unwrap();
        let legal = g.legal_choices();
        let me = g.seat(0).color;
        let worth = |c: &Choice| match *c {
            Choice::Summon { at, pickup, .. } => summon_square_worth(&g, me, at, pickup),
            _ => f64::NEG_INFINITY,
        };
        let summons: Vec<Choice> = legal.iter().copied().filter(|c| matches!(c, Choice::Summon { .. })).collect();
        let best = summons.iter().map(worth).fold(f64::NEG_INFINITY, f64::max);
        // the Champion's summons differ: one lands on the red piece, one on a blue
        assert!(summons.iter().any(|c| worth(c) < best), "{summons:?}");
        assert!(best > 0.0, "{summons:?}");
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let c = best_summon(&g, 0, summons.iter().copied(), &mut rng);
            assert_eq!(worth(&c), best, "seed {seed}: {c}");
        }
    }

    #[test]
    fn a_judged_expansion_takes_the_policys_pick_without_its_noise() {
        // no cards: blue's Main-phase choices are placements; the policy
        // places next to its own pieces unless its noise strikes
        let g = Position::duel("9/9/9/5r3/3bbr*3/3bb4/4b4/9/9").unwrap().to_game().unwrap();
        let legal = g.legal_choices();
        let mine = g.board().of_color(g.seat(0).color);
        let near = |c: Choice| matches!(c, Choice::Place(sq) if (sq.neighbours() & mine).0 != 0);
        assert!(legal.iter().any(|&c| !near(c)), "{legal:?}");
        let config = MctsConfig { playout_noise: 1.0, ..MctsConfig::default() };
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let noisy: Vec<Choice> = (0..40).map(|_| policy_choice(&g, &legal, &config, &mut rng)).collect();
        assert!(noisy.iter().any(|&c| !near(c)), "{noisy:?}");
        for _ in 0..40 {
            let c = policy_pick(&g, 0, &legal, &config, false, &mut rng);
            assert!(near(c), "{c}");
        }
    }

    /// Everfrost (white) against Northern at a turn of a self-play duel
    /// (seed 26, game 5, turn 5, after its first placement): the Snow Fox's
    /// pattern stands in four places and the seat holds the Fox ready.
    fn ready_snow_fox() -> Game {
        let board = "9/9/9/2bb5/2b1b+1w2/2bb5/5wb+2/6w2/9";
        let mut p = Position::with_schools(Form::Duel, board, &[School::Everfrost, School::Northern]).unwrap();
        p.seats[0].beings = ["everfrost.snow_fox", "everfrost.ice_princess", "everfrost.snow_monster"]
            .map(|c| CardId::parse(c).unwrap())
            .to_vec();
        p.to_game().unwrap()
    }

    fn is_summon(c: &Choice) -> bool {
        matches!(c, Choice::Summon { .. })
    }

    #[test]
    fn a_ready_common_being_is_judged_at_the_root_as_well_as_a_placement() {
        let g = ready_snow_fox();
        let obs = g.observe(0);
        let config = MctsConfig::default();
        let priors = root_priors(&obs, &config);
        assert!(priors.iter().any(|p| is_summon(&p.0)) && priors.iter().any(|p| matches!(p.0, Choice::Place(_))));
        // with the summon credited the card's worth in hand, the Fox's best
        // summon is judged first (a plain placement at best equal)
        assert!(is_summon(&priors[0].0), "{:?}", &priors[..3]);
        // without it, every summon comes after most placements: the search
        // widening in this order at 150 iterations never tried them
        let old = MctsConfig { economy: Economy { summoned: 0.0, ..Economy::default() }, ..MctsConfig::default() };
        let priors = root_priors(&obs, &old);
        let first = priors.iter().position(|p| is_summon(&p.0)).expect("a summon");
        assert!(first > priors.len() * 3 / 4, "the first summon is #{} of {}", first + 1, priors.len());
    }

    #[test]
    fn the_search_tries_a_ready_common_beings_summon() {
        let obs = ready_snow_fox().observe(0);
        let visits_to_summons = |summoned: f64| {
            let economy = Economy { summoned, ..Economy::default() };
            let config = MctsConfig { iterations: Some(150), early_stop: false, economy, ..MctsConfig::default() };
            let visits = MctsBot::new(config, 5).search(&obs);
            visits.iter().filter(|v| is_summon(&v.0)).map(|v| v.1).sum::<u32>()
        };
        let (with, without) = (visits_to_summons(1.0), visits_to_summons(0.0));
        assert!(with >= 15 && with > 3 * without, "{with} visits to summons with the credit, {without} without");
    }

    fn is_warp(c: &Choice) -> bool {
        matches!(c, Choice::Warp(_))
    }

    #[test]
    fn a_warp_is_judged_at_the_root_without_its_penalty_in_full() {
        // the Eternal Emperor's warp puts a common piece on the board for
        // free; the being stays pending, to be summoned later
        let obs = crate::testing::etherweave_may_warp().observe(0);
        let old = MctsConfig { economy: Economy { pending: 0.0, ..Economy::default() }, ..MctsConfig::default() };
        let (new, old) = (root_priors(&obs, &MctsConfig::default()), root_priors(&obs, &old));
        let warp = |priors: &[(Choice, f64)]| priors.iter().position(|p| is_warp(&p.0)).expect("a warp");
        // with the penalty in full (as the evaluation counts it), the warp
        // was judged last of all the choices
        assert_eq!(warp(&old), old.len() - 1, "{:?}", &old[..3]);
        assert!(warp(&new) < 10, "the warp is #{} of {}", warp(&new) + 1, new.len());
        // the best choice is the same placement, and the warp is judged
        // better by the whole penalty given back (the decks are full: many
        // rounds left); every other choice as before
        assert_eq!(new[0].0, old[0].0);
        let (w_new, w_old) = (new[warp(&new)].1.ln(), old[warp(&old)].1.ln());
        assert!((w_new - w_old - 2.0).abs() < 1e-9, "{w_new} {w_old}");
        for (c, p) in &new {
            if !is_warp(c) {
                let (_, q) = old.iter().find(|o| o.0 == *c).expect("the same choices");
                assert!((p.ln() - q.ln()).abs() < 1e-9, "{c}");
            }
        }
    }

    #[test]
    fn the_search_tries_a_warp_worth_a_placement() {
        let obs = crate::testing::etherweave_may_warp().observe(0);
        let visits_to_warps = |pending: f64| {
            let economy = Economy { pending, ..Economy::default() };
            let config = MctsConfig { iterations: Some(150), early_stop: false, economy, ..MctsConfig::default() };
            let visits = MctsBot::new(config, 5).search(&obs);
            visits.iter().filter(|v| is_warp(&v.0)).map(|v| v.1).sum::<u32>()
        };
        let (with, without) = (visits_to_warps(1.0), visits_to_warps(0.0));
        assert!(
            with >= 5 && with > 3 * without,
            "{with} visits to warps with the penalty given back, {without} without"
        );
    }

    #[test]
    fn iterations_play_through_the_opponents_turn() {
        let g = champion();
        let config = MctsConfig { iterations: Some(300), ..MctsConfig::default() };
        let mut bot = MctsBot::new(config, 1);
        bot.search(&g.observe(0));
        // some nodes belong to the other seat: the tree holds its replies
        let tree = &bot.trees[0];
        let theirs = tree.nodes.iter().filter(|n| n.seat == 1).count();
        assert!(theirs > 10, "{theirs} of {} nodes", tree.nodes.len());
        assert_eq!(tree.edges.len() + 1, tree.nodes.len());
    }

    #[test]
    fn an_early_stop_saves_iterations_and_changes_no_choice() {
        // the summon that takes the legend is far ahead long before the end
        let g = champion();
        let budget = 4000;
        let run = |early_stop: bool| {
            let config = MctsConfig { iterations: Some(budget), early_stop, ..MctsConfig::default() };
            MctsBot::new(config, 3).search_stats(&g.observe(0))
        };
        let (stopped, s) = run(true);
        let (full, f) = run(false);
        assert_eq!(f.iterations, budget as u64);
        assert!(s.iterations < budget as u64, "{} iterations", s.iterations);
        assert_eq!(stopped[0].0, full[0].0, "the same choice");
        // when it stopped, no other choice could have caught up
        let second = stopped.get(1).map_or(0, |c| c.1);
        assert!((stopped[0].1 - second) as u64 > budget as u64 - s.iterations);
    }

    #[test]
    fn the_same_seed_and_budget_give_the_same_search() {
        // a game of greedy players some turns in, and the Champion's position
        let mut g = Game::new(tash_kalar_rules::Form::Duel, &[School::Northern, School::Sylvan]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut greedy = crate::GreedyBot::new(2);
        crate::play_until_turn(&mut g, &mut greedy, 9, &mut rng);
        for game in [champion(), g] {
            let Actor::Seat(s) = game.actor() else { panic!("a seat to act") };
            let run = || {
                let config = MctsConfig { iterations: Some(600), ..MctsConfig::default() };
                let (visits, stats) = MctsBot::new(config, 17).search_stats(&game.observe(s));
                (visits, stats.iterations, stats.nodes, stats.with_replies, stats.reply_steps)
            };
            let (a, b) = (run(), run());
            assert!(a.0.len() > 1 && a.1 > 0, "{a:?}");
            assert_eq!(a, b);
        }
    }

    #[test]
    fn a_time_budget_stops_early_too() {
        let g = champion();
        let config = MctsConfig { iterations: None, time: Some(Duration::from_secs(3)), ..MctsConfig::default() };
        let started = Instant::now();
        let (choices, _) = MctsBot::new(config, 3).search_stats(&g.observe(0));
        assert!(started.elapsed() < Duration::from_millis(2700), "{:?}", started.elapsed());
        assert!(matches!(choices[0].0, Choice::Summon { .. }), "{}", choices[0].0);
    }

    #[test]
    fn a_choice_gets_half_of_what_is_left_of_the_turn() {
        let ms = Duration::from_millis;
        assert_eq!(choice_time(Some(ms(5000)), None, ms(0)), None);
        assert_eq!(choice_time(Some(ms(5000)), Some(ms(10_000)), ms(0)), Some(ms(5000)));
        assert_eq!(choice_time(Some(ms(5000)), Some(ms(10_000)), ms(5000)), Some(ms(2500)));
        assert_eq!(choice_time(Some(ms(1000)), Some(ms(10_000)), ms(9000)), Some(ms(500)));
        assert_eq!(choice_time(None, Some(ms(4000)), ms(1000)), Some(ms(1500)));
        assert_eq!(choice_time(Some(ms(5000)), Some(ms(10_000)), ms(12_000)), Some(ms(0)));
    }

    #[test]
    fn a_turns_budget_bounds_all_of_a_turns_choices() {
        // a turn of greedy players' game: the bot's every choice until the turn ends
        let mut g = Game::new(tash_kalar_rules::Form::Duel, &[School::Northern, School::Sylvan]).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        crate::play_until_turn(&mut g, &mut crate::GreedyBot::new(2), 9, &mut rng);
        let Actor::Seat(seat) = g.actor() else { panic!("a seat to act") };
        let turn = g.turn().number;
        let config = MctsConfig {
            iterations: None,
            time: Some(Duration::from_millis(400)),
            turn: Some(Duration::from_millis(400)),
            early_stop: false,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(config, 5);
        let (mut searched, mut took) = (0, Vec::new());
        while !g.is_over() && g.turn().number == turn && g.actor() == Actor::Seat(seat) {
            let many = g.legal_choices().len() > 1;
            let started = Instant::now();
            let c = bot.choose(&g.observe(seat));
            took.push(started.elapsed());
            searched += many as u32;
            g.apply_unchecked(c);
        }
        let total: Duration = took.iter().sum();
        // the first choice gets half of the turn, the next half of the rest...
        assert!(searched >= 2, "{searched} choices searched");
        assert!(took[0] < Duration::from_millis(300), "{took:?}");
        assert!(total < Duration::from_millis(550), "{took:?}, {searched} searched");
    }
}
