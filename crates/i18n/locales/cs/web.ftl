# Stránky v prohlížeči: herna, hra, záznam.

## Všechny stránky

web-language = Jazyk
web-the-lobby = herna
web-play-tash-kalar = Hraj Tash-Kalar
web-game-page-title = Tash-Kalar: hra
web-replay-page-title = Tash-Kalar: přehrávání
web-just-now = právě teď
web-minutes-ago = před { $n } min
web-hours-ago = před { $n } h
web-won-by = Vyhrál: { $names }
level-easy = snadná: začátečník ji porazí (hladový bot s šumem)
level-medium = střední: rychlé hledání (500 iterací na rozhodnutí)
level-hard = těžká: sekunda hledání na rozhodnutí
level-expert = expertní: až pět sekund hledání na rozhodnutí a deset na tah, ve dvou vláknech

## Herna

web-game-created = Hra vytvořena
web-new-game = Nová hra
web-form = Forma
web-seat-count = Počet míst
web-clock = Hodiny
web-clock-none = Bez hodin
web-clock-1d = 1 den na tah
web-clock-2d = 2 dny na tah (hra v klidu)
web-clock-7d = 7 dní na tah
web-clock-5m = 5 min + 3 s na tah
web-clock-10m = 10 min + 5 s na tah
web-clock-30m = 30 min + 20 s na tah
web-private = Soukromá: není v herně (otevřou ji jen její odkazy)
web-create-game = Vytvořit hru
web-with-a-friend = Hra s přítelem
web-friend-help =
    Každé lidské místo má tajný odkaz: kdo ho otevře, hraje za toto místo, takže každému příteli pošli
    jeho vlastní odkaz. Místo označené jako otevřené komukoli je místo toho v Otevřených hrách pro prvního,
    kdo se přidá; ostatní zůstávají pro své odkazy. Kdo má prostý odkaz na hru, sleduje ji. Ve vlastní síti
    spusť server s --addr 0.0.0.0:8080 a místo localhost použij adresu tohoto počítače.
web-open-games = Otevřené hry
web-games-playing = Probíhající hry
web-games-over = Dohrané hry
web-human = Člověk
web-human-lower = člověk
web-bot = Bot
web-bot-random = náhodný (nejslabší)
web-bot-greedy = hladový
web-bot-mcts = MCTS, s časem na přemýšlení níže
web-bot-named = bot { $bot }
web-optional = nepovinné
web-seat-legend = Místo { $seat }{ $starts ->
    [yes] {" "}(začíná)
   *[no] {""}
 }
web-bot-strength = Síla bota
web-thinking-time = Čas na přemýšlení (s)
web-name = Jméno
web-open-title = Je v Otevřených hrách: může ho obsadit kdokoli. Jinak ho otevře jen jeho odkaz.
web-open-to-anyone = Otevřené komukoli (v Otevřených hrách)
web-school = Škola
web-player = Hráč
web-bots-game = Hra mezi boty:
web-watch-it = sledovat
web-open-your-seat = Otevři své místo; každému příteli pošli odkaz na jeho (je to jeho klíč k místu).
web-link-for-seat = Odkaz na místo { $seat }
web-seat-school = Místo { $seat } ({ $school })
web-play-this-seat = Hrát za toto místo
web-copy-link = Kopírovat odkaz
web-spectators = Diváci:
web-link-copied = Odkaz zkopírován
web-open-seat = otevřené místo
web-invited-player = pozvaný hráč
web-score-list = skóre { $scores }
web-turn-n = tah { $n }
web-resume-seat = Pokračovat za místo { $seat }
web-join-as = Přidat se: { $school }
web-watch = Sledovat
web-replay = Přehrát
web-record = Záznam
web-finished = Dohráno
web-cannot-join = Nelze se přidat: { $why }
web-cannot-list = Nelze vypsat hry: { $why }
web-no-open-games = Žádná hra nečeká na hráče.
web-no-games-playing = Žádná hra neprobíhá.
web-no-games-over = Zatím žádná dohraná hra.

## Hra

web-game = Hra
web-connecting = připojování…
web-board = Plán
web-the-board = Herní plán
web-flip = Otočit plán
web-cards = Karty
web-your-hand = Tvoje ruka
web-your-move = Tvůj tah
web-effect-panel = Vyhodnocovaný efekt
web-players = Hráči
web-tasks = Úkoly
web-chat = Chat
web-chat-label = Zpráva ostatním hráčům
web-chat-placeholder = Zpráva (jen hráči)
web-send = Odeslat
web-chat-note = Psát sem mohou jen hráči u stolu.
web-chat-say-hello = Pozdrav ostatní hráče.
web-chat-none = Žádné zprávy.
web-game-log = Průběh hry
web-record-summary = Záznam (každá volba v notaci)
web-clocks = Hodiny
web-server-refused = Odmítnuto: { $why }
web-no-reason = bez udání důvodu
web-server-answered = server odpověděl { $status }
web-conn-no-game = taková hra není
web-no-such-game = Taková hra není: { $why }.
web-back-to-lobby = Zpět do herny
web-trying-again = { $why } (další pokus za { $secs } s)
web-page-refused = Server tuto stránku odmítl: { $why }.
web-watch-instead = Raději hru sledovat
web-not-connected = Nepřipojeno: připojuji znovu…
web-conn-playing = připojeno · hraješ za barvu { $color }
web-conn-watching = připojeno · sleduješ
web-conn-reconnecting = připojuji znovu…
web-summon-which-way = Vyvolat { $card } na { $at }: jak natočit?
web-move-piece-on = Táhnout kamenem z { $at }
web-then-click-where = pak klikni, kam půjde
web-square-which = { $at }: které?
web-summon-on = Vyvolat na { $at }
web-pattern-on = vzor na { $squares }
web-game-title = { $form } · { $schools }
web-vs = {" – "}
web-finished-game = dohraná hra
web-game-over-colon = Konec hry:
web-step-through-replay = Projít záznam hry
web-turn-your-move = Tah { $n }: jsi na tahu
web-turn-to-play = Tah { $n }: hraje { $who }
web-actions-left = { $n ->
    [one] zbývá { $n } akce
    [few] zbývají { $n } akce
   *[other] zbývá { $n } akcí
 }
web-discard-used = odhození použito
web-flare-used = karta balance zahrána
web-end-near = konec se blíží: { $n ->
    [one] ještě { $n } tah
    [few] ještě { $n } tahy
   *[other] ještě { $n } tahů
 } po tomto
web-last-turn = poslední tah
web-sending = odesílám…
web-watching-badge = sleduješ
web-you-hold-seat = V této hře máš místo:
web-play-seat-n = hrát za místo { $seat }
web-choose = Vyber.
web-hint-pickup = zásoba ti došla: klikni na některý svůj zvýrazněný kámen, zvedni ho a polož znovu
web-hint-place = klikni na zvýrazněné pole a polož kámen
web-hint-summon = vyber kartu označenou ✦ a vyvolej ji
web-hint-discard = odhoď kartu
web-hint-end = ukonči tah
web-or = { $first } nebo { $last }
web-actions-left-hint = { $n ->
    [one] Zbývá { $n } akce
    [few] Zbývají { $n } akce
   *[other] Zbývá { $n } akcí
 }: { $hints }.
web-hint-returning = Vrať karty pod jejich balíčky (Vrátit na kartě), pak Hotovo.
web-game-over = Konec hry
web-watching = Sleduješ
web-waiting = Čekáš
web-is-choosing = { $who } vybírá…
web-cards-drawn = Dobírají se karty…
web-cancel-esc = Zrušit (Esc)
web-summoning-click = Vyvolání: { $card }: klikni na pole označené ✦ (Esc zruší).
web-moving-click = Tah z { $from }: klikni na pole označené ◆ (Esc zruší).
web-highlighted-squares = { $n ->
    [one] { $n } zvýrazněné pole
    [few] { $n } zvýrazněná pole
   *[other] { $n } zvýrazněných polí
 } na plánu (Tab přejde na plán, šipky z pole na pole).
web-directions = Směry
web-undo-title = Vzít zpět svou poslední volbu v tomto tahu (u)
web-undo = Zpět
web-resign = Vzdát se
web-resign-confirm = Vzdát tuto hru?
web-type-placeholder = nebo napiš volbu, např. place e5
web-type-choice = Napiš volbu
web-play = Hrát
web-flare-criterion = { $half ->
    [upper] horní podmínka (povýšené kameny)
   *[lower] spodní podmínka (všechny kameny)
 }: je třeba o { $need } víc, { $color } má { $cmp ->
    [more] o { $have } víc
    [same] stejně
   *[fewer] o { $have } méně
 }
web-flare-against = { $card } proti hráči { $color }:
web-flare-halves = horní podmínka { $upper ->
    [met] splněna
   *[not] nesplněna
 }, spodní { $lower ->
    [met] splněna
   *[not] nesplněna
 }
web-against = proti hráči { $color }
web-resolving = Vyhodnocuje se: { $card } ({ $color }){ $on ->
    [yes] {" "}na { $at }
   *[no] {""}
 }
web-resolving-plain = Vyhodnocuje se: { $card }{ $on ->
    [yes] {" "}na { $at }
   *[no] {""}
 }
web-hands = Ruce
web-hands-hidden = Ruce jsou divákům skryté.
web-hand-of = Ruka: { $who }
web-no-cards = V ruce nejsou žádné karty.
web-discard = Odhodit
web-return = Vrátit
web-can-summon-on = { $n ->
    [one] lze vyvolat na { $n } pole
    [few] lze vyvolat na { $n } pole
   *[other] lze vyvolat na { $n } polí
 }
web-card-summon = { $card }: vyvolat
web-flare-note = proti hráči { $color }: horní { $upper } spodní { $lower }
web-you = ty
web-online = připojen
web-offline = odpojen
web-hand-counts = v ruce { $beings ->
    [one] { $beings } bytost
    [few] { $beings } bytosti
   *[other] { $beings } bytostí
 }, { $legends ->
    [one] { $legends } legenda
    [few] { $legends } legendy
   *[other] { $legends } legend
 }, { $flares ->
    [one] { $flares } karta balance
    [few] { $flares } karty balance
   *[other] { $flares } karet balance
 }
web-deck-n = balíček { $n }
web-supply = kameny mimo plán { $common } + { $legendary } legendární
web-discard-n = odhozené { $n }
web-team-n = tým { $team }
web-sideways = { $n } naležato
web-team-tasks = úkoly týmu: { $tasks }
web-tasks-claimed = úkoly: { $tasks }
web-discard-pile = odhazovací balíček: { $cards }
web-score = skóre { $score }
web-shared-decks = Balíček legend { $legends }, odhozeno { $legendsOut } · Balíček karet balance { $flares }, odhozeno { $flaresOut }
web-frozen = Zmrazená
web-frozen-effect = Zmrazený efekt: { $text }
web-no-frozen-effect = Bez textu zmrazeného efektu.
web-gateway-of = { -gateway }: { $color }
web-gateway-on = { -gateway } na { $at }
web-warp-button = Zkřivení
web-card-warp = Zkřivení: { $text }
web-warp-stage = { -warp-effect } zahraný z ruky (karta je teď { -pending-being })
web-copy-stage = provádí se kopie { -warp-effect(case: "gen") } karty { $card }
web-pending = Čekající
web-pending-note = Čekající: lícem nahoru na dobíracím balíčku; −2 body, pokud nebude nikdy vyvolána
web-pending-can-summon = lze vyvolat
web-warp-played = Zahraný { -warp-effect }: { $text }
web-pending-effect = Na dobíracím balíčku, stále v ruce: odtud ji lze vyvolat. −2 body, pokud nebude nikdy vyvolána.
web-stored = Uložený
web-stored-title = Mimo plán, uložený na kartě Obchodník s časem; dopadne, až bude Obchodník vyvolán
web-stored-piece = { $piece } na Obchodníkovi s časem
web-thaw = Rozmrazit: { $card }
web-score-board = Počítadlo bodů: { $who }
web-melee-points-title = { $n ->
    [one] { $n } bod
    [few] { $n } body
   *[other] { $n } bodů
 } v barvě { $color }{ $lowest ->
    [yes] {" "}(nejnižší: to je skóre)
   *[no] {""}
 }; improvizované vyvolání s barvou { $color } { $free ->
    [yes] ještě možné
   *[no] použito
 }
web-improvised-left = improvizované vyvolání ještě možné s barvami { $colors }{ $some ->
    [yes] {" "}(použito: { $used })
   *[no] {""}
 }
web-improvised-all-used = improvizované vyvolání použito se všemi barvami
web-points-short = { $n ->
    [one] { $n } bod
    [few] { $n } body
   *[other] { $n } bodů
 }
web-task-kind = { $kind ->
    [squares] pole
    [formation] formace
    [enemy] nepřítel
    [summon] vyvolání
   *[destroy] ničení
 }{ $advanced ->
    [yes] {" "}· pokročilý
   *[no] {""}
 }{ $next ->
    [yes] {" "}· další
   *[no] {""}
 }
web-claim = Splnit
web-tasks-left = { $n ->
    [one] v balíčku zbývá { $n } úkol
    [few] v balíčku zbývají { $n } úkoly
   *[other] v balíčku zbývá { $n } úkolů
 }
web-turn-heading = Tah { $n }
web-chance = Náhoda
web-no-game-here = Tady žádná hra není.
web-cannot-load-cards = Nelze načíst karty: { $why }

## Plán a karty

web-pattern-part = { $rank ->
    [common] běžný
    [heroic] hrdinský
   *[legendary] legendární
 } na { $at }
web-pattern-of = Vzor karty { $card }: { $rank ->
    [common] běžná
    [heroic] hrdinská
   *[legendary] legendární
 } bytost na vyvolávacím poli
web-pattern-needs = potřebuje { $parts }
web-pattern-marked = { $n ->
    [one] { $n } označené pole
    [few] { $n } označená pole
   *[other] { $n } označených polí
 }
web-pattern-arrows = šipky { $arrows }
web-red-square = červené pole
web-green-square = zelené pole
web-central = středové
web-central-squares = středová pole
web-empty = prázdné
web-can-summon-here = lze vyvolat sem
web-touched-last-turn = dotčeno v posledním tahu
web-choice = volba
web-rank-letter = { $rank ->
    [common] B
    [heroic] H
   *[legendary] L
 }
web-card-kind-flare = Karta balance · horní { $upper } · spodní { $lower }
web-card-kind = { $kind ->
    [legend] Legenda
   *[being] Bytost
 } · { $rank ->
    [common] běžná
    [heroic] hrdinská
   *[legendary] legendární
 }
web-legend-choice = volba
web-legend-summon-here = vyvolat sem
web-legend-last-turn = poslední tah (✕: zničeno)

## Hodiny, upozornění na tah, konec

web-clock-days = { $d } d { $h } h
web-clock-hours = { $h } h { $min } min
web-no-clock = bez hodin
web-days = { $n ->
    [one] { $n } den
    [few] { $n } dny
   *[other] { $n } dní
 }
web-per-move = { $time } na tah
web-your-turn = Jsi na tahu
web-sound-on = Zvuk zapnut
web-sound-off = Zvuk vypnut
web-notify-me = Upozorňovat
web-ran-out-of-time = { $you ->
    [yes] tobě došel čas
   *[no] { $who }: došel čas
 }
web-resigned-how = { $you ->
    [yes] vzdal ses
   *[no] { $who } se vzdal
 }
web-result-how = { $result } ({ $how })
web-a-draw = Remíza
web-you-won = Vyhrál jsi
web-you-lost = Prohrál jsi
web-you-lost-to = Prohrál jsi: vyhrál { $who }
web-rematch-ready = Odveta je připravena, s vyměněnými místy.
web-play-rematch = Hrát odvetu
web-rematch-played = Hraje se odveta.
web-watch-rematch = Sledovat odvetu
web-rematch = Odveta
web-rematch-note = nová hra s vyměněnými místy (ostatním hráčům se nabídnou jejich)

## Přehrávání

web-download-record = Stáhnout záznam
web-step-through = Procházet hru
web-first = Začátek
web-first-title = Začátek (Home)
web-first-button = « Začátek
web-back = Zpět
web-back-title = Zpět (←)
web-back-button = ‹ Zpět
web-play-title = Přehrát (mezerník)
web-play-button = ▶ Přehrát
web-play-replay = Přehrát
web-pause = Pauza
web-next = Vpřed
web-next-title = Vpřed (→)
web-next-button = Další ›
web-last = Konec
web-last-title = Konec (End)
web-last-button = Konec »
web-move = Krok
web-skip-draws = přeskakovat dobírání karet
web-moves = Kroky
web-step-of = Krok { $at } z { $steps } · tah { $turn }
web-the-start = Začátek
web-replay-title = Přehrávání · { $form }
web-cannot-load-replay = Nelze načíst záznam: { $why }

## Chyby herního serveru podle jejich kódu (docs/server-protocol.md);
## odmítnutí pravidel jsou zprávy error-* v ui.ftl

error-bad-entry = server odmítl záznam bez volby
error-resign-message = chceš-li se vzdát, použij tlačítko Vzdát se
error-seat-required = vracet tahy, vzdát se nebo vyčerpat čas může jen místo u stolu
error-save-failed = server to nemohl uložit; nic se nezměnilo, zkus to znovu
error-bad-token = tento odkaz na místo nepatří k této hře
error-seat-is-bot = na tomto místě hraje bot
error-seat-taken = toto místo je obsazené
error-spectator-cannot-play = diváci nemohou hrát: pro hraní otevři hru odkazem na místo
error-not-your-seat = nesedíš na místě { $seat }
error-time-ran-out = došel ti čas: za toto místo teď hraje bot
error-stale-version = hra mezitím pokročila (je ve verzi { $current }, ne { $version }); zkus to znovu
error-version-required = zpráva nemá verzi
error-spectator-cannot-chat = diváci mohou chat číst, ale ne do něj psát
error-chat-too-fast = příliš mnoho zpráv v chatu; počkej { $secs } s
error-chat-full = chat této hry je plný ({ $lines } řádků)
error-bad-chat = tuto zprávu do chatu nelze odeslat
error-game-not-over = hra ještě neskončila
error-rematch-in-progress = odveta se připravuje; zkus to za chvíli znovu
error-bad-message = server nemohl přečíst zprávu, kterou stránka poslala
error-hello-twice = toto spojení už pozdravilo
error-hello-first = stránka musí nejdřív pozdravit
error-no-such-game = hra s tímto id neexistuje
error-server-full = server je plný ({ $games } rozehraných her); zkus to později
error-server-error = na serveru došlo k chybě
error-bad-request = server odmítl požadavek jako neplatný
error-not-found = nenalezeno
error-forbidden = tento požadavek není povolen
error-unknown-host = tento server pro tento název adresy neodpovídá
error-conflict = požadavek neodpovídá současnému stavu hry
error-too-many-requests = příliš mnoho požadavků z tvé adresy; zkus to později
error-request-timeout = požadavek trval příliš dlouho
error-not-json = požadavek nebyl odeslán jako JSON
error-too-large = požadavek je příliš velký
error-server-busy = server je vytížený; zkus to později
error-too-many-games = z tvé adresy bylo založeno příliš mnoho her; zkus to znovu za { $secs } s
error-too-many-joins = z tvé adresy bylo obsazeno příliš mnoho míst; zkus to znovu za { $secs } s
error-seat-reserved = toto místo je vyhrazeno jinému hráči
