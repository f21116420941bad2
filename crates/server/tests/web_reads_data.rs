//! The browser UI renders data, never parses text (STYLE.md): the pages
//! build their choice lists, buttons, labels, log and result from the
//! view's structured fields (`legal`, `question`, `result`, `events`),
//! never from a choice's text or an English prompt. This test reads the
//! scripts in `web/` and fails on the old parsers, on reading the choice
//! texts or the prompts, and when the choice list stops coming from
//! `view.legal`. (The e2e test "the buttons come from the view's structured
//! choices" checks the same in a browser.)

use std::path::Path;

fn scripts() -> Vec<(String, String)> {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&web).expect("the web folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    assert!(out.len() >= 4, "the scripts of web/");
    out
}

#[test]
fn no_script_parses_choice_texts_or_prompts() {
    // what reading text to learn what the engine knows looked like
    let forbidden = [
        ("parseChoice", "a parser of choice texts"),
        ("describeChoice", "choice texts turned into words"),
        ("choiceSquares", "squares read out of choice texts"),
        ("optionLabels", "option labels read out of a prompt"),
        ("outcomeText", "the result worked out from places"),
        ("view.choices", "the choice texts read as data (use view.legal)"),
        ("v.choices", "the choice texts read as data (use view.legal)"),
        (".prompt", "an English prompt read (use view.question)"),
        ("text.split(", "a choice text split into parts"),
        ("text.startsWith(", "a choice text read by its first word"),
        ("startsWith('claim", "a claim read out of its text"),
        ("startsWith('summon", "a summon read out of its text"),
        ("/^[a-i][1-9]", "a square read out of a text"),
    ];
    let mut found = Vec::new();
    for (name, text) in scripts() {
        for (line_no, line) in text.lines().enumerate() {
            for (pattern, what) in forbidden {
                if line.contains(pattern) {
                    found.push(format!("web/{name}:{}: {what}: {}", line_no + 1, line.trim()));
                }
            }
        }
    }
    assert!(found.is_empty(), "the web UI must render the view's data, not parse text:\n{}", found.join("\n"));
}

#[test]
fn the_choice_list_comes_from_the_structured_view() {
    let game = scripts().into_iter().find(|(n, _)| n == "game.js").expect("web/game.js").1;
    let model = game.split("function model()").nth(1).expect("game.js has model()");
    let body = &model[..model.find("\n}\n").expect("the end of model()")];
    assert!(body.contains("S.view.legal"), "model() must list the view's structured choices:\n{body}");
    assert!(body.contains("fromView"), "model() must take each structured choice as it is:\n{body}");
}
