# Lekce (crates/learn): název, text a u každého kroku cíl a rady.

lessons-placing = Pokládání kamenů
lessons-placing-text = Aréna má 69 polí. Ve svém tahu máš dvě akce; nejjednodušší je položit jeden svůj běžný kámen na prázdné pole.
lessons-placing-1-goal = Polož běžný kámen na e5, střed hrací plochy.
lessons-placing-1-hint-1 = Zvol „položit“ a potom pole.
lessons-placing-1-hint-2 = e5 je pátý sloupec, pátá řada.

lessons-summoning = Vzory a vyvolání
lessons-summoning-text = Bytost se vyvolá, když tvoje kameny tvoří její vzor, otočený nebo zrcadlený podle libosti. Bytost pak stojí na svém vyvolávacím poli a provede se, co dělá.
lessons-summoning-1-goal = Vyvolej Rytíře.
lessons-summoning-1-hint-1 = Tvoje běžné kameny na d4, e4, f4 a d3 už tvoří vzor Rytíře.
lessons-summoning-1-hint-2 = Vyvolávací pole Rytíře je e5, hned nad řadou tří kamenů.

lessons-destroying = Pohyby a ničení
lessons-destroying-text = Bojový pohyb posune kámen o jedno pole, i na nepřátelský kámen stejné nebo nižší úrovně: ten kámen je zničen.
lessons-destroying-1-goal = Znič červený hrdinský kámen.
lessons-destroying-1-hint-1 = Nejprve vyvolej Rytíře na e5.
lessons-destroying-1-hint-2 = Potom bojový pohyb Rytíře na e6 zničí červený kámen.

lessons-upgrading = Povýšení
lessons-upgrading-text = Některé efekty povýší kámen: běžný kámen se otočí na hrdinskou stranu. Hrdinský kámen je silnější v boji a hodí se na hrdinská pole vzorů.
lessons-upgrading-1-goal = Povyš jeden svůj kámen.
lessons-upgrading-1-hint-1 = Velekněžka se vyvolává na vlastní kámen, tady e5.
lessons-upgrading-1-hint-2 = Po jejím pohybu povyš běžný kámen vedle ní.

lessons-first-turn = První hra: celý tah
lessons-first-turn-text = Tah jsou dvě akce (položit, vyvolat nebo odhodit) a jeho konec, kdy se počítají body a začíná druhý hráč.
lessons-first-turn-1-goal = Proveď dvě akce a ukonči svůj tah.
lessons-first-turn-1-hint-1 = Polož dva kameny, třeba na e5 a f5.
lessons-first-turn-1-hint-2 = Potom zvol „ukončit tah“.

lessons-scoring = Deathmatch souboj a body
lessons-scoring-text = V deathmatch souboji získáváš body za nepřátelské kameny, které zničíš, a počítají se na konci tvého tahu.
lessons-scoring-1-goal = Získej v tomto tahu bod: zbývá ti jedna akce.
lessons-scoring-1-hint-1 = Zničení červeného hrdinského kamene se počítá na konci tvého tahu.
lessons-scoring-1-hint-2 = Vyvolej Rytíře, znič kámen na e6 a ukonči tah.

# Slova terminálu kolem lekce (crates/cli learn.rs).
lessons-ui-choices = Tvoje volby:
lessons-ui-no-more-hints = K tomuto kroku už nejsou další rady.
lessons-ui-illegal = „{ $choice }“ tady zvolit nemůžeš.
lessons-ui-done = Výborně: cíl je splněn.
lessons-ui-again = Tvůj tah skončil bez splnění cíle: krok začíná znovu.

lessons-legends = Legendy
lessons-legends-text = Legendy jsou mocné bytosti, které si bereš do ruky ze společného balíčku obou hráčů. Jejich vzory žádají povýšené kameny a vyvolaná legenda má cenu bodů.
lessons-legends-1-goal = Vyvolej Titána.
lessons-legends-1-hint-1 = Tvoje dva hrdinské kameny na e5 a e4 a tři běžné pod nimi tvoří vzor Titána.
lessons-legends-1-hint-2 = Zvol vyvolání legends.titan.

lessons-high-form = Vznešená hra a její úkoly
lessons-high-form-text = Ve vznešené hře získáváš body plněním úkolů. Tři aktuální úkoly leží lícem nahoru; na konci svého tahu můžeš splnit jeden, jehož podmínku tvoje kameny splňují, a získáš jeho body. Dosažení 9 bodů spouští konec hry.
lessons-high-form-1-goal = Splň úkol Středový kříž.
lessons-high-form-1-hint-1 = Středový kříž chce tvoje kameny na e5 a na čtyřech polích kolem něj: chybí jen e5.
lessons-high-form-1-hint-2 = Polož kámen na e5 a druhý kamkoli, ukonči tah a pak splň úkol tasks.center_cross.

lessons-flares = Karty balance
lessons-flares-text = Karta balance pomáhá tomu, kdo prohrává. Jednou za tah můžeš kromě svých akcí zahrát kartu balance z ruky proti soupeři: vyhodnotí se horní efekt, je-li splněna horní podmínka (soupeř má na desce o dost více povýšených kamenů než ty), a spodní efekt, je-li splněna spodní podmínka (má o dost více kamenů). V deathmatch souboji za to soupeř získá bod.
lessons-flares-1-goal = Zahraj svou kartu balance proti Červenému.
lessons-flares-1-hint-1 = Červený má na desce o 6 kamenů více než ty: spodní podmínka karty Balance 01 žádá 6.
lessons-flares-1-hint-2 = Zvol „flare r“ a pak polož hrdinský kámen, který ti karta dá.

lessons-melee = Deathmatch bitka a týmová hra
lessons-melee-text = V deathmatch bitce proti sobě hrají tři nebo čtyři hráči. Body získáváš v barvě každého soupeře, jehož kameny zničíš, a tvým konečným skóre je tvoje nejnižší barva: útoč na všechny soupeře, ne jen na jednoho. V týmové hře má každý ze dvou dvoučlenných týmů jednu barvu kamenů a ve svém tahu můžeš předat tah spoluhráči.
lessons-melee-1-goal = Znič hnědý hrdinský kámen.
lessons-melee-1-hint-1 = Nejdřív vyvolej Rytíře na e5.
lessons-melee-1-hint-2 = Pak Rytířův bojový pohyb na e6 zničí hnědý kámen a získá bod v hnědé.

lessons-frozen-cards = Zmrazené karty (Věčný mráz)
lessons-frozen-cards-text = Některé bytosti Věčného mrazu mají kromě svého efektu ještě zmrazený efekt. Když takovou bytost vyvoláš, vyhodnotí se její efekt a karta se potom zmrazí: leží lícem nahoru před tebou, místo aby šla na tvůj odhazovací balíček. Ve stejném tahu nebo v kterémkoli dalším svém tahu ji můžeš rozmrazit, před akcí nebo po ní a bez utracení akce: vyhodnotí se její zmrazený efekt a karta jde na tvůj odhazovací balíček. Zmrazenou kartu můžeš mít vždy jen jednu.
lessons-frozen-cards-1-goal = Vyvolej Pěstitele krystalů a zmraz jeho kartu.
lessons-frozen-cards-1-hint-1 = Tvoje běžné kameny na d4 a e4 tvoří vzor Pěstitele krystalů; jeho vyvolávací pole je e5.
lessons-frozen-cards-1-hint-2 = Jeho efekt povýší modrý kámen na g5; potom se karta zmrazí a zůstane ležet před tebou.
lessons-frozen-cards-2-goal = Rozmraz zmrazenou kartu Pěstitele krystalů.
lessons-frozen-cards-2-hint-1 = Rozmrazení nestojí žádnou akci: zvol rozmrazit Pěstitele krystalů.
lessons-frozen-cards-2-hint-2 = Jeho zmrazený efekt povýší jeden z tvých běžných kamenů: vyber d4 nebo e4.

lessons-gateway = Brána (Podsvětí)
lessons-gateway-text = Bytosti Podsvětí působí skrze Bránu, jeden z tvých běžných nebo hrdinských kamenů, který je tak označen. Na začátku Bránu nemáš: první bytost Podsvětí, kterou vyvoláš, se stane tvou Bránou. Bránu máš nejvýše jednu; některé efekty udělají Bránou jiný kámen, a když je Brána zničena, zaujme její místo další bytost Podsvětí, kterou vyvoláš. Efekty, které mluví o Bráně, nedělají nic, dokud žádnou nemáš.
lessons-gateway-1-goal = Vyvolej Plamenného skřítka: stane se tvou Bránou.
lessons-gateway-1-hint-1 = Tvoje běžné kameny na c5 a d4 tvoří vzor Plamenného skřítka; jeho vyvolávací pole je e5.
lessons-gateway-1-hint-2 = Jeho efekt, zničení běžného kamene vedle Brány, je nepovinný: můžeš ho vynechat.
lessons-gateway-2-goal = Znič modrý kámen vedle své Brány.
lessons-gateway-2-hint-1 = Tvoje Brána je na e5 a modrý kámen na f6, hned vedle ní. Plamenný skřítek může zničit běžný kámen vedle Brány, ať sám stojí kdekoli.
lessons-gateway-2-hint-2 = Vyvolej Plamenného skřítka na d3 z kamenů na b3 a c2, potom vyber f6.

lessons-warps = Efekty zkřivení (Éterotkaní)
lessons-warps-text = Mnoho bytostí Éterotkaní má efekt zkřivení. Ve svém tahu, kromě svého prvního tahu ve hře, ho můžeš zahrát z ruky bez utracení akce a bez vzoru: karta se položí lícem nahoru na tvůj dobírací balíček jako tvoje čekající bytost a vyhodnotí se její efekt zkřivení. Čekající bytost se dál počítá jako karta v ruce a později ji můžeš vyvolat jako obvykle. Čekající bytost můžeš mít jen jednu; pokud ještě čeká na konci hry, přijdeš o 2 body.
lessons-warps-1-goal = Zahraj efekt zkřivení Menšího stínového dvojčete.
lessons-warps-1-hint-1 = Efekt zkřivení se hraje z ruky, bez vyvolání: zvol zahrát efekt zkřivení Menšího stínového dvojčete.
lessons-warps-1-hint-2 = Jeho efekt zkřivení povýší jeden z tvých běžných kamenů: vyber kterýkoli.
lessons-warps-2-goal = Vyvolej svou čekající bytost, Menší stínové dvojče.
lessons-warps-2-hint-1 = Hrdinský kámen může ve vzoru zastoupit běžný: tvoje řada na d4, e4 a f4 stále tvoří vzor Menšího stínového dvojčete.
lessons-warps-2-hint-2 = Jeho vyvolávací pole je d5 (zrcadlově f5).
