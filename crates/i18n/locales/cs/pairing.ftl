# Hledání hry (serverový `pairing`): „Hrát hned“, výzvy, kdo je online,
# blokování; a odmítnutí jejich cest (error-<code>).

pairing-play-now = Hrát hned
pairing-play-now-help = Spáruješ se s hráčem s nejbližším hodnocením, který chce stejnou formu, stejné hodiny a stejný druh hry.
pairing-rated = Hodnocená (mezi přihlášenými hráči)
pairing-seek = Najít hru
pairing-seeking = Hledám soupeře…
pairing-cancel = Zrušit
pairing-paired = Spárováno: otevírám hru…
pairing-online = Online
pairing-online-count = Hráči v herně: { $count }
pairing-online-none = V herně není žádný přihlášený hráč.
pairing-you = (ty)
pairing-challenge = Vyzvat
pairing-challenge-title = Vyzvat hráče { $name } s nastavením Hrát hned
pairing-challenges = Výzvy
pairing-challenge-from = { $name } tě vyzývá
pairing-challenge-to = Vyzval jsi hráče { $name }
pairing-rated-game = hodnocená
pairing-casual-game = přátelská
pairing-accept = Přijmout
pairing-decline = Odmítnout
pairing-declined = { $name } odmítl tvou výzvu.
pairing-accepted = { $name } přijal tvou výzvu: otevírám hru…
pairing-block = Blokovat
pairing-block-title = Blokovat hráče { $name }: žádné výzvy ani chat mezi vámi
pairing-blocked = Zablokoval jsi hráče { $name }.

error-own-name = to je tvé vlastní jméno
error-blocked = jeden z vás zablokoval druhého: žádné výzvy mezi vámi
error-no-such-seek = toto hledání hry skončilo: bylo spárováno, zrušeno nebo vypršelo
error-no-such-challenge = tato výzva skončila: byla zodpovězena, zrušena nebo vypršela
error-too-many-seeks = čeká příliš mnoho hledání hry ({ $seeks }, nejvíc, co je povoleno); jedno zruš, nebo to zkus později
error-too-many-challenges = na odpověď čeká příliš mnoho výzev ({ $challenges }, nejvíc, co je povoleno)
error-too-many-blocks = blokuješ { $blocks } hráčů, nejvíc, co je povoleno
error-too-fast = z tvé adresy přišlo příliš mnoho požadavků; zkus to znovu za { $secs } s
