//! Errors in words, by their codes: in the language, with their arguments,
//! and never a raw message id.

use tash_kalar_present::{error_text, error_text_with, Arg, Lang, Messages};

#[test]
fn an_error_code_is_worded_in_the_language() {
    let (en, es) = (Messages::new(Lang::En), Messages::new(Lang::Es));
    assert_eq!(error_text("game-over", &en), "the game is over");
    assert_ne!(error_text("game-over", &es), error_text("game-over", &en));
    assert_eq!(error_text("not-your-turn", &en), en.text("error-not-your-turn", &[]));
    // arguments fill the words
    let t = error_text_with("chat-too-fast", &[("secs", Arg::from(3u32))], &en);
    assert!(t.contains('3') && !t.contains('{'), "{t}");
    // an unknown code is the server's error, never the id
    for lang in Lang::ALL {
        let m = Messages::new(lang);
        let t = error_text("no-such-code", &m);
        assert_eq!(t, m.text("error-server-error", &[]));
        assert!(!t.starts_with("error-"), "{lang}: {t}");
    }
}
