# Terminálový klient: celoobrazovkový (tui-) a řádkový režim (play-).
# Klávesy (s, e, u, q, ?) a psané příkazy (undo, show, resign, help, quit)
# se nepřekládají: program čte právě je.

## Obojí

status-setup = Příprava: { $who } pokládá počáteční kameny
status-turn = Tah { $turn }: hraje { $who }, { $n ->
    [one] zbývá { $n } akce
    [few] zbývají { $n } akce
   *[other] zbývá { $n } akcí
 }
game-over = Hra skončila
took-back = Vzato zpět: { $choice }
nothing-to-take-back = Není co vzít zpět (ne přes konec tahu, dobírání karet ani splněný úkol).
not-accepted = Nepřijato: { $why }
no-such-choice = volba { $n } neexistuje (1 až { $count })
outcome-resigned = Místo { $seat } se vzdalo.
outcome-time = Místu { $seat } došel čas.
outcome-wins = Vítězí místo { $seat }.
outcome-team-wins = Vítězí místa { $first } a { $second }.
outcome-draw = Remíza.
outcome-none = Bez výsledku.
end-triggered = Konec hry byl spuštěn: místo { $seat } hraje poslední tah.
card-kind-legend = legenda
card-kind-flare = karta balance: horní { $upper }, spodní { $lower }
frozen-card = zmrazená: { $card }
frozen-effect = Zmrazený efekt: { $text }
play-gateway = { -gateway } na { $at } (na plánu označená @)
play-pending = { -pending-being }: { $card }
play-stored = uložený na kartě Obchodník s časem: { $piece } [{ $code }]
card-warp-effect = Zkřivení: { $text }
task-place = { $place ->
    [current] aktuální úkol
    [next] další úkol
    [set-aside] dán stranou, dokud nejsou venku aktuální úkoly
    [bottom] přesunut pod balíček úkolů
   *[turned-up] odkryt
 }

## Řádkový režim

play-greeting = Tash-Kalar: { $form }, semínko { $seed }. Nápovědu ukáže `help`.
play-help =
    Napiš číslo volby nebo její text (např. `place e5`, `summon imperial.knight e5 r90`,
    `e5-f6`, `claim tasks.center_cross`, `skip`, `end`; v týmové hře `pass` předá tah
    spoluhráči). Další příkazy:
      undo    vezme zpět tvou poslední volbu v tomto tahu (ne přes konec tahu, dobírání, splněný úkol ani předání)
      show    znovu ukáže plán a tvé volby
      resign  vzdá hru
      help    tento text
      quit    opustí hru
play-bye = Na shledanou.
play-end-of-input = Konec vstupu.
play-record-written = Záznam zapsán do { $path }.
play-seat-draws = { $who } si dobírá kartu { $card } ({ $id }).
play-task-turned-up = Odkrytý úkol: { $task } ({ $id }), { $place }.
play-bot-returns = { $who }: vrací kartu pod svůj balíček
play-bot-chose = { $who }: { $choice }
play-not-accepted-help = Nepřijato: { $why }. Nápovědu ukáže `help`.
play-seat = { $who }, { $school }
play-scores = Skóre: { $scores }
play-points-by-color = { $who }, body podle barev: { $points }
play-seat-cards = { $who }: v ruce { $beings ->
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
 }; balíček { $deck }; zásoba { $common } oboustranných + { $legendary } legendárních; odhozené: { $discard }
play-shared-decks = Balíček legend { $legends }, balíček karet balance { $flares }.
play-tasks = Úkoly ({ $deck } v balíčku):
play-task-current = aktuální
play-task-next = další
play-task-line = { $name } ({ $kind ->
    [squares] pole
    [formation] formace
    [enemy] nepřítel
    [summon] vyvolání
   *[destroy] ničení
 }, { $points ->
    [one] { $points } bod
    [few] { $points } body
   *[other] { $points } bodů
 }{ $advanced ->
    [yes] , pokročilý
   *[no] {""}
 }): { $text }
play-claimed = { $who }, splněné úkoly: { $tasks }
play-resolving = Vyhodnocuje se { $card }{ $place }: { $question }
play-may-claim = Konec tvého tahu: můžeš splnit jeden úkol, jehož podmínku plníš ({ $tasks }), nebo vynechat.
play-your-hand = Tvoje ruka:
play-choices = Volby:
play-choices-places = položit běžný kámen na:
play-board-key = ( ) červené pole  {"{"} {"}"} zelené pole  : středové pole  @ kámen na své Bráně

## Celá obrazovka

tui-greeting = Tash-Kalar: { $form }, semínko { $seed }. Nápovědu ukáže ?.
tui-you = ty
tui-seat = { $who }, { $school }
tui-status-over = Hra skončila. { $result } q pro odchod.
tui-status-thinking = Tah { $turn }: { $who } přemýšlí...
tui-your-choice = { $status } - vybíráš ty
tui-quit-title = Konec
tui-quit-ask = Opustit hru? y / n
tui-board = Plán
tui-cursor = kurzor { $at }
tui-square-red = červené
tui-square-green = zelené
tui-square-central = středové
tui-square-gateway = { -gateway }
tui-last = naposled ({ $who }) { $squares }
tui-scores = Skóre
tui-score = { $score ->
    [one] { $score } bod
    [few] { $score } body
   *[other] { $score } bodů
 }
tui-points = body: { $points }
tui-seat-cards = ruka { $beings }b { $legends }l { $flares }v, balíček { $deck }, zásoba { $common }+{ $legendary }
tui-frozen-mark = *ZMRAZENÁ*
tui-gateway-mark = @BRÁNA@
tui-gateway-at = na { $at }
tui-pending-mark = ~ČEKAJÍCÍ~
tui-stored-mark = ~ULOŽENÝ~
tui-tasks = Úkoly ({ $deck } v balíčku):
tui-next-task = další: { $task }
tui-team = tým { $team } (místa { $first } a { $second })
tui-your-hand = Tvoje ruka
tui-card = Karta
tui-no-card = V ruce nemáš žádnou kartu.
tui-arrows = šipky: { $arrows }
tui-hand-key = ✦ lze vyvolat hned; S vyvolání, o + * tvůj kámen (nejnižší úroveň), x označené
tui-pattern-key-anywhere = o tvůj kámen: vzor kdekoli; vyvolá se na libovolné prázdné pole bez barvy
tui-pattern-key = S vyvolání, o/+/* tvůj kámen, x označené{ $on_piece ->
    [yes] , S na tvém kameni
   *[no] {""}
 }
tui-choices = Volby ({ $n })
tui-at = na { $squares }
tui-log = Záznam{ $earlier ->
    [0] { $later ->
        [0] {""}
       *[other] {" "}- { $later } novějších (End)
    }
   *[other] {" "}- { $earlier } starších{ $later ->
        [0] {""}
       *[other] , { $later } novějších (End)
    }
 }
tui-claim-or-skip = { $question } (s pro vynechání)
tui-seat-choosing = { $who } vybírá: { $question }
tui-legend = ( ) červené pole  {"{"} {"}"} zelené pole  : středové  o cíl  [ ] kurzor  _ poslední tah
tui-keys-line = ? nápověda  Tab panel  Enter vybrat  s vynechat  e konec tahu  u zpět  : psát  PgUp záznam  q konec
tui-keys-title = Klávesy
tui-pieces-key = Kameny: písmeno = barva (r b n g w o p), + hrdinský, * legendární, @ za ním { -gateway }; libovolná klávesa zavře.
tui-bot-refused = { $who } zvolil { $choice }, nepřijato: { $why }
tui-seat-draws = { $who } si dobírá kartu { $card }.
tui-task-turned-up = Odkrytý úkol: { $task }, { $place }.
tui-game-over-scores = Hra skončila. Skóre: { $scores }.
tui-seat-chose = { $who }: { $choice }
tui-seat-took-back = { $who }: vzato zpět { $choice }
tui-seat-resigns = { $who } se vzdává.
tui-nothing-to-skip = Teď není co vynechat.
tui-cannot-end = Tah teď nelze ukončit.
tui-wait-bot = Počkej: bot přemýšlí.
tui-no-choice-at = Na { $at } není žádná volba.
tui-picked-now-target = Vybráno { $at }: teď cílové pole (Esc pro nový začátek).
tui-choices-at = Na { $at } { $n ->
    [one] je { $n } volba
    [few] jsou { $n } volby
   *[other] je { $n } voleb
 }: vyber jednu (Esc pro nový začátek).
tui-bot-thinking = { $who } přemýšlí.
tui-over-leave = Hra skončila: q pro odchod.
tui-not-your-turn = Nejsi na tahu.
tui-card-nothing = { $card }: teď s ní nelze nic udělat.
tui-card-summonings = { $card }: { $n ->
    [one] { $n } vyvolání
    [few] { $n } vyvolání
   *[other] { $n } vyvolání
 }; vyber zvýrazněné pole.
tui-card-choices = { $card }: { $n ->
    [one] { $n } volba
    [few] { $n } volby
   *[other] { $n } voleb
 }.
tui-no-choice-here = Tady není žádná volba.
tui-nothing-to-resign = Není co vzdát.
tui-not-accepted-help = Nepřijato: { $why }. Nápovědu ukáže ?.

## Klávesy (nápověda)

help-key-arrows = šipky, hjkl
help-key-enter = Enter, mezerník
help-key-tab = Tab, Shift-Tab
help-key-pages = PageUp, PageDown
help-key-end = End
help-key-esc = Esc
help-key-quit = q, Ctrl-C
help-move = posune kurzor po plánu (nebo v ruce / v seznamu voleb)
help-enter = plán: zahraje volbu pro toto pole, nebo zúží volby na ně;
help-enter-more = ruka: vybere kartu (rozsvítí se pole, kde ji lze vyvolat); volby: zahraje ji
help-tab = přepne panel plán / ruka / volby / záznam
help-pages = listuje záznamem dozadu a dopředu (v seznamu voleb: po stránkách)
help-end = nejnovější položka záznamu (záznam: Home nejstarší, šipky po jedné)
help-skip = vynechá nepovinnou část (nebo nesplní žádný úkol)
help-end-turn = ukončí tah
help-undo = vezme zpět tvou poslední volbu v tomto tahu
help-esc = zruší vybranou kartu a pole
help-type = napiš volbu tak, jak ji bere řádkový režim: číslo, `place e5`, `e5-f6`, `resign`...
help-help = tato nápověda
help-quit = konec (q se nejdřív zeptá)

## analyse: zaznamenaná hra, volba po volbě

analyse-header = Rozbor { $file }: { $iterations } iterací hledání na pozici (semínko { $seed }). Šance je odhad hledání, jak často hráč, který volil, vyhraje.
analyse-line = Tah { $turn }, { $who }: { $choice }{ $mark } { $chance }
analyse-best = nejlepší: { $choice }, { $chance }
analyse-graph-first = Šance na výhru – { $who }, tah po tahu:
analyse-graph-mover = Šance na výhru hráče na řadě, tah po tahu:
analyse-mistakes = Volby, které ztratily nejvíc:
analyse-mistake = tah { $turn }, { $who }: { $choice }, z { $from } na { $to } (nejlepší: { $best })
analyse-no-mistakes = Žádná volba neztratila mnoho.
