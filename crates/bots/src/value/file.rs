//! The model file: JSON with the network's shape, its scale and its
//! parameters, written exactly (Rust prints an `f64` so that it reads back
//! the same) and read with checks: the shape this build expects, every
//! number present and finite, a positive scale, the inputs' ranges (each
//! minimum at most its maximum). A file without the ranges (written before
//! they were kept) is refused: the search would not know where the network
//! may judge. The board's rows are there only for a network that reads the
//! board.

use super::features::{BOARD_INPUTS, INPUTS};
use super::net::{Mlp, HIDDEN};
use super::seen::{Ranges, Seen};
use super::ValueNet;

/// Why a model file was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum ValueNetError {
    #[error("not a model file: {0}")]
    Json(String),
    /// A dimension not the one this build's network has.
    #[error("{field}: expected {expected}, found {found}")]
    Shape { field: &'static str, expected: usize, found: usize },
    /// A parameter missing, not a number or not finite.
    #[error("{field}: expected finite numbers")]
    Number { field: &'static str },
    #[error("scale: expected a number from 0.01 to 1000")]
    Scale,
    /// No `seen` ranges: a file from before they were kept.
    #[error("seen: the inputs' ranges are missing (a model written before they were kept: train it again)")]
    NoRanges,
    /// A range whose least value is above its greatest.
    #[error("{field}: input {input}'s minimum is above its maximum")]
    Disordered { field: &'static str, input: usize },
}

/// The file's text for `net`.
pub fn value_net_json(net: &ValueNet) -> String {
    let list = |v: &[f64]| v.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(", ");
    let rows: Vec<String> = net.mlp.w1.iter().map(|r| format!("    [{}]", list(r))).collect();
    let ranges = |r: &Option<Ranges>| match r {
        Some(r) => format!("{{\n      \"min\": [{}],\n      \"max\": [{}]\n    }}", list(&r.min), list(&r.max)),
        None => "null".to_string(),
    };
    let board = match &net.mlp.board {
        None => String::new(),
        Some(rows) => {
            let rows: Vec<String> = rows.iter().map(|r| format!("    [{}]", list(r))).collect();
            format!(",\n  \"board_inputs\": {BOARD_INPUTS},\n  \"board\": [\n{}\n  ]", rows.join(",\n"))
        }
    };
    format!(
        "{{\n  \"about\": {},\n  \"inputs\": {INPUTS},\n  \"hidden\": {HIDDEN},\n  \"scale\": {:?},\n  \"w1\": [\n{}\n  ],\n  \"b1\": [{}],\n  \"w2\": [{}],\n  \"b2\": {:?},\n  \"skip\": [{}]{board},\n  \"seen\": {{\n    \"open\": {},\n    \"ending\": {}\n  }}\n}}\n",
        serde_json::Value::String(net.about.clone()),
        net.scale,
        rows.join(",\n"),
        list(&net.mlp.b1),
        list(&net.mlp.w2),
        net.mlp.b2,
        list(&net.mlp.skip),
        ranges(&net.seen.open),
        ranges(&net.seen.ending)
    )
}

/// Reads a model file.
pub fn parse_value_net(text: &str) -> Result<ValueNet, ValueNetError> {
    let json: serde_json::Value = serde_json::from_str(text).map_err(|e| ValueNetError::Json(e.to_string()))?;
    let size = |field: &'static str, expected: usize| {
        let found = json[field].as_u64().map_or(0, |n| n as usize);
        if found == expected {
            Ok(())
        } else {
            Err(ValueNetError::Shape { field, expected, found })
        }
    };
    size("inputs", INPUTS)?;
    size("hidden", HIDDEN)?;
    let scale = json["scale"].as_f64().filter(|s| (0.01..=1000.0).contains(s)).ok_or(ValueNetError::Scale)?;
    let number = |v: &serde_json::Value, field: &'static str| {
        v.as_f64().filter(|x| x.is_finite()).ok_or(ValueNetError::Number { field })
    };
    let numbers = |v: &serde_json::Value, field: &'static str, out: &mut [f64]| {
        let list = v.as_array().ok_or(ValueNetError::Number { field })?;
        if list.len() != out.len() {
            return Err(ValueNetError::Shape { field, expected: out.len(), found: list.len() });
        }
        for (o, x) in out.iter_mut().zip(list) {
            *o = number(x, field)?;
        }
        Ok(())
    };
    let mut mlp = Mlp::zeros();
    let rows = json["w1"].as_array().ok_or(ValueNetError::Number { field: "w1" })?;
    if rows.len() != HIDDEN {
        return Err(ValueNetError::Shape { field: "w1", expected: HIDDEN, found: rows.len() });
    }
    for (row, v) in mlp.w1.iter_mut().zip(rows) {
        numbers(v, "w1", row)?;
    }
    numbers(&json["b1"], "b1", &mut mlp.b1)?;
    numbers(&json["w2"], "w2", &mut mlp.w2)?;
    mlp.b2 = number(&json["b2"], "b2")?;
    numbers(&json["skip"], "skip", &mut mlp.skip)?;
    if !json["board"].is_null() {
        size("board_inputs", BOARD_INPUTS)?;
        let rows = json["board"].as_array().ok_or(ValueNetError::Number { field: "board" })?;
        if rows.len() != BOARD_INPUTS {
            return Err(ValueNetError::Shape { field: "board", expected: BOARD_INPUTS, found: rows.len() });
        }
        mlp = mlp.with_board();
        for (row, v) in mlp.board.iter_mut().flatten().zip(rows) {
            numbers(v, "board", row)?;
        }
    }
    let seen = &json["seen"];
    if !seen.is_object() {
        return Err(ValueNetError::NoRanges);
    }
    // a phase the fit never saw is `null`: the network judges none of it
    let ranges = |v: &serde_json::Value, min: &'static str, max: &'static str| {
        if v.is_null() {
            return Ok(None);
        }
        let mut r = Ranges { min: [0.0; INPUTS], max: [0.0; INPUTS] };
        numbers(&v["min"], min, &mut r.min)?;
        numbers(&v["max"], max, &mut r.max)?;
        match (0..INPUTS).find(|&k| r.min[k] > r.max[k]) {
            Some(input) => Err(ValueNetError::Disordered { field: min, input }),
            None => Ok(Some(r)),
        }
    };
    let seen = Seen {
        open: ranges(&seen["open"], "seen.open.min", "seen.open.max")?,
        ending: ranges(&seen["ending"], "seen.ending.min", "seen.ending.max")?,
    };
    let about = json["about"].as_str().unwrap_or_default().to_string();
    Ok(ValueNet { mlp, scale, seen, about })
}

#[cfg(test)]
mod tests {
    use super::super::{default_net, VALUE_FILE};
    use super::*;

    #[test]
    fn the_committed_model_parses_and_reads_back_the_same() {
        let net = parse_value_net(VALUE_FILE).expect("crates/bots/weights/value.json parses");
        assert_eq!(*default_net(), net);
        assert_eq!(parse_value_net(&value_net_json(&net)), Ok(net));
        // small, as the issue asks
        assert!(VALUE_FILE.len() < 1_000_000, "{} bytes", VALUE_FILE.len());
    }

    #[test]
    fn the_board_rows_are_written_for_a_network_that_reads_the_board_and_checked() {
        let mut net = parse_value_net(VALUE_FILE).unwrap();
        net.mlp.board = None;
        let without = value_net_json(&net);
        assert!(!without.contains("\"board\""));
        assert_eq!(parse_value_net(&without), Ok(net.clone()));
        net.mlp = net.mlp.with_board();
        net.mlp.board.as_mut().unwrap()[100][5] = 0.25;
        let with = value_net_json(&net);
        assert_eq!(parse_value_net(&with), Ok(net.clone()));
        let mut value: serde_json::Value = serde_json::from_str(&with).unwrap();
        value["board"].as_array_mut().unwrap().pop();
        assert_eq!(
            parse_value_net(&value.to_string()),
            Err(ValueNetError::Shape { field: "board", expected: BOARD_INPUTS, found: BOARD_INPUTS - 1 })
        );
        value = serde_json::from_str(&with).unwrap();
        value["board_inputs"] = 81.into();
        assert_eq!(
            parse_value_net(&value.to_string()),
            Err(ValueNetError::Shape { field: "board_inputs", expected: BOARD_INPUTS, found: 81 })
        );
        value = serde_json::from_str(&with).unwrap();
        value["board"][7][0] = "x".into();
        assert_eq!(parse_value_net(&value.to_string()), Err(ValueNetError::Number { field: "board" }));
    }

    #[test]
    fn a_malformed_model_is_a_typed_error() {
        assert!(matches!(parse_value_net("not json"), Err(ValueNetError::Json(_))));
        let other_shape = VALUE_FILE.replacen(&format!("\"hidden\": {HIDDEN}"), "\"hidden\": 7", 1);
        assert_eq!(
            parse_value_net(&other_shape),
            Err(ValueNetError::Shape { field: "hidden", expected: HIDDEN, found: 7 })
        );
        let mut net = parse_value_net(VALUE_FILE).unwrap();
        let text = value_net_json(&net).replacen("\"b2\": ", "\"b2\": \"x\", \"was\": ", 1);
        assert_eq!(parse_value_net(&text), Err(ValueNetError::Number { field: "b2" }));
        // a short row
        let json = value_net_json(&net);
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        value["w1"][3].as_array_mut().unwrap().pop();
        assert_eq!(
            parse_value_net(&value.to_string()),
            Err(ValueNetError::Shape { field: "w1", expected: INPUTS, found: INPUTS - 1 })
        );
        value = serde_json::from_str(&json).unwrap();
        value["b1"][0] = serde_json::Value::Null;
        assert_eq!(parse_value_net(&value.to_string()), Err(ValueNetError::Number { field: "b1" }));
        // the scale must be positive
        net.scale = 0.0;
        assert_eq!(parse_value_net(&value_net_json(&net)), Err(ValueNetError::Scale));
    }

    #[test]
    fn the_ranges_are_kept_and_a_file_without_them_is_refused() {
        let json = value_net_json(&parse_value_net(VALUE_FILE).unwrap());
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        // a file written before the ranges were kept
        value.as_object_mut().unwrap().remove("seen");
        assert_eq!(parse_value_net(&value.to_string()), Err(ValueNetError::NoRanges));
        // a minimum above its maximum
        value = serde_json::from_str(&json).unwrap();
        value["seen"]["ending"]["min"][10] = 2.0.into();
        value["seen"]["ending"]["max"][10] = 1.0.into();
        assert_eq!(
            parse_value_net(&value.to_string()),
            Err(ValueNetError::Disordered { field: "seen.ending.min", input: 10 })
        );
        // a range short of an input, or not a number
        value = serde_json::from_str(&json).unwrap();
        value["seen"]["open"]["max"].as_array_mut().unwrap().pop();
        assert_eq!(
            parse_value_net(&value.to_string()),
            Err(ValueNetError::Shape { field: "seen.open.max", expected: INPUTS, found: INPUTS - 1 })
        );
        value = serde_json::from_str(&json).unwrap();
        value["seen"]["open"]["min"][0] = "low".into();
        assert_eq!(parse_value_net(&value.to_string()), Err(ValueNetError::Number { field: "seen.open.min" }));
        // a phase never seen (null) reads back as such, and is never judged
        value = serde_json::from_str(&json).unwrap();
        value["seen"]["ending"] = serde_json::Value::Null;
        let net = parse_value_net(&value.to_string()).unwrap();
        assert_eq!(net.seen.ending, None);
        assert_eq!(parse_value_net(&value_net_json(&net)), Ok(net));
    }
}
