## Účty (crates/server/src/account, web/account.*, web/nav.js).
## Zprávy error-* jsou odmítnutí cest účtů podle jejich kódu.

error-bad-name = { $reason ->
    [too-short] jméno je příliš krátké (nejmenší počet znaků: { $min })
    [too-long] jméno je příliš dlouhé (největší počet znaků: { $max })
    [reserved] toto jméno je vyhrazeno pro vlastní hráče a slova serveru
    [mixed-scripts] jméno se píše jedním písmem (latinkou, cyrilicí, řeckým písmem...), latinku lze spojit jen s čínským, japonským nebo korejským písmem
   *[characters] jméno se skládá z písmen, číslic, _ a - a začíná písmenem nebo číslicí
}
error-bad-password = { $reason ->
    [too-long] heslo je příliš dlouhé (největší počet bajtů: { $max })
   *[too-short] heslo je příliš krátké (nejmenší počet znaků: { $min })
}
error-name-taken = toto jméno je obsazené
error-bad-credentials = žádný účet nemá toto jméno a heslo
error-sign-in-required = nejdřív se přihlas
error-too-many-sign-ins = příliš mnoho pokusů o přihlášení; zkus to znovu za { $secs } s
error-too-many-accounts = z tvé adresy bylo založeno příliš mnoho účtů; zkus to znovu za { $secs } s
error-cross-origin = přihlášený požadavek z jiného webu se odmítá

account-nav-label = Web
account-nav-lobby = Herna
account-nav-learn = Výuka
account-nav-puzzles = Hádanky
account-nav-leaderboard = Žebříček
account-nav-sign-in = Přihlásit se

account-page-title = Tash-Kalar: tvůj účet
account-title = Tvůj účet
account-optional = Účet není povinný: hosté hrají přes odkaz. S účtem tě tvoje hry následují do každého prohlížeče, kde se přihlásíš.
account-sign-in = Přihlásit se
account-sign-up = Založit účet
account-sign-out = Odhlásit se
account-name = Jméno
account-password = Heslo
account-name-rules = 3 až 20 písmen nebo číslic, _ nebo -
account-password-rules = nejméně 8 znaků
account-signed-in-as = Přihlášený účet: { $name }
account-change-password = Změnit heslo
account-old-password = Současné heslo
account-new-password = Nové heslo
account-password-changed = Heslo změněno; ostatní prohlížeče jsou odhlášené.
account-delete = Smazat účet
account-delete-warning = Tvoje hry zůstanou, pod anonymním jménem. Nelze to vrátit.
account-deleted = Účet smazán.
account-my-games = Moje hry
account-no-games = Žádná rozehraná hra.
account-game-item = { $form }, místo { $seat }

account-blocks = Hráči, které blokuješ
account-blocks-help = Nemohou tě vyzvat ani s tebou být spárováni a žádný z vás nevidí chat toho druhého. Hráče zablokuješ v seznamu hráčů online v předsálí.
account-blocks-none = Nikoho neblokuješ.
account-unblock = Odblokovat
account-unblock-title = Odblokovat hráče { $name }
account-unblocked = Hráče { $name } už neblokuješ.
