## Accounts (crates/server/src/account, web/account.*, web/nav.js).
## The error-* messages are the account routes' refusals, by their code.

error-bad-name = { $reason ->
    [too-short] a name has at least { $min } characters
    [too-long] a name has at most { $max } characters
    [reserved] this name is kept for the server's own players and words
    [mixed-scripts] a name is written in one script (Latin, Cyrillic, Greek...), with Latin only beside Chinese, Japanese or Korean
   *[characters] a name is made of letters, digits, _ and -, and starts with a letter or a digit
}
error-bad-password = { $reason ->
    [too-long] a password has at most { $max } bytes
   *[too-short] a password has at least { $min } characters
}
error-name-taken = this name is taken
error-bad-credentials = no account has this name and password
error-sign-in-required = sign in first
error-too-many-sign-ins = too many sign-in attempts; try again in { $secs } s
error-too-many-accounts = too many accounts created from your address; try again in { $secs } s
error-cross-origin = a signed-in request from another site is refused

account-nav-label = Site
account-nav-lobby = Lobby
account-nav-learn = Learn
account-nav-puzzles = Puzzles
account-nav-leaderboard = Leaderboard
account-nav-sign-in = Sign in

account-page-title = Tash-Kalar: your account
account-title = Your account
account-optional = An account is optional: guests play by link. With one, the games you play follow you to any browser where you sign in.
account-sign-in = Sign in
account-sign-up = Create an account
account-sign-out = Sign out
account-name = Name
account-password = Password
account-name-rules = 3 to 20 letters or digits, _ or -
account-password-rules = at least 8 characters
account-signed-in-as = Signed in as { $name }
account-change-password = Change the password
account-old-password = Current password
account-new-password = New password
account-password-changed = Password changed; your other browsers are signed out.
account-delete = Delete the account
account-delete-warning = Your games stay, under an anonymous name. This cannot be undone.
account-deleted = Account deleted.
account-my-games = My games
account-no-games = No game in progress.
account-game-item = { $form }, seat { $seat }

account-blocks = Players you block
account-blocks-help = They cannot challenge you or be paired with you, and neither of you sees the other's chat. Block a player from the lobby's list of who is online.
account-blocks-none = You block nobody.
account-unblock = Unblock
account-unblock-title = Unblock { $name }
account-unblocked = You no longer block { $name }.
