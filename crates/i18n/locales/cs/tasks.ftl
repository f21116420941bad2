### Úkoly vznešené hry v češtině (24 karet úkolů).
###
### Id zprávy = referenční id úkolu, v němž je „.“ nahrazena „-“.
### Hodnota = název úkolu; .text = podmínka, která se ověřuje na konci
### tahu hráče, jenž úkol plní. „Tento tah“ = tah, na jehož konci se
### úkol ověřuje. Jednotné herní termíny: viz GLOSSARY.md.

## Ničení

tasks-destruction = Zničení
    .text = V tomto tahu znič alespoň 3 nepřátelské kameny.
tasks-devastation = Zpustošení
    .text = V tomto tahu znič alespoň 4 nepřátelské kameny.
tasks-heroic_destruction = Hrdinské zničení
    .text = V tomto tahu znič alespoň 3 nepřátelské kameny, z nichž alespoň 1 byl v okamžiku zničení povýšený.
tasks-heroic_devastation = Hrdinské zpustošení
    .text = V tomto tahu znič alespoň 4 nepřátelské kameny, z nichž alespoň 2 byly v okamžiku zničení povýšené.
tasks-end_of_legends = Konec legend
    .text = V tomto tahu znič nepřátelský legendární kámen, nebo alespoň 2 nepřátelské hrdinské kameny.

## Barevná pole

tasks-red_conquest = Červené dobytí
    .text = Alespoň 3 tvé kameny na červených polích, z toho alespoň 2 povýšené.
tasks-green_conquest = Zelené dobytí
    .text = Alespoň 3 tvé kameny na zelených polích, z toho alespoň 2 povýšené.
tasks-color_conquest = Barevné dobytí
    .text = Alespoň 5 tvých kamenů na červených nebo zelených polích, z toho alespoň 3 povýšené.
tasks-red_legends = Červené legendy
    .text = Alespoň 2 tvé povýšené kameny na červených polích, z toho alespoň 1 legendární.
tasks-green_legends = Zelené legendy
    .text = Alespoň 2 tvé povýšené kameny na zelených polích, z toho alespoň 1 legendární.
tasks-rainbow_dominance = Duhová nadvláda
    .text = Víc povýšených kamenů než soupeř na červených polích a zároveň víc na zelených polích.

## Vyvolávání

tasks-red_summoning = Červené vyvolání
    .text = V tomto tahu vyvolej alespoň 2 bytosti, z toho alespoň 1 na červeném poli.
tasks-green_summoning = Zelené vyvolání
    .text = V tomto tahu vyvolej alespoň 2 bytosti, z toho alespoň 1 na zeleném poli.
tasks-colored_summoning = Barevné vyvolání
    .text = V tomto tahu vyvolej alespoň 2 bytosti na červených nebo zelených polích (počítá se i dvakrát totéž pole).
tasks-legendary_summoning = Legendární vyvolání
    .text = V tomto tahu vyvolej alespoň 2 bytosti, z toho alespoň 1 legendu.

## Formace

tasks-central_dominance = Nadvláda nad středem
    .text = Alespoň 5 tvých kamenů na středových polích d4–f6, z toho alespoň 2 povýšené.
tasks-center_cross = Středový kříž
    .text = Tvé kameny na všech polích e5, d5, f5, e4, e6, nebo na všech polích e5, d4, f4, d6, f6.
tasks-line_dominance = Nadvláda v řadě
    .text = V jedné z řad 4, 5, 6 nebo sloupců d, e, f máš alespoň o 6 kamenů víc než soupeř.
tasks-diagonals = Úhlopříčky
    .text = Na každé dlouhé úhlopříčce (b2–h8 a b8–h2) alespoň 4 tvé kameny, z toho alespoň 1 povýšený.
tasks-side_chain = Řetěz od kraje ke kraji
    .text = Řetěz tvých sousedících kamenů od pole na jedné straně plánu k poli na protější straně.
tasks-corner_chain = Řetěz od rohu k rohu
    .text = Řetěz tvých sousedících kamenů od polí jednoho seříznutého rohu k polím protějšího seříznutého rohu.

## Nepřátelský kámen

tasks-imprisonment = Uvěznění
    .text = Nepřátelský kámen, na jehož sousedních polích stojí alespoň 6 tvých kamenů.
tasks-envelopment = Obklíčení
    .text = Nepřátelský kámen, na jehož sousedních polích stojí alespoň 7 tvých kamenů.
tasks-isolation = Izolace
    .text = Nepřátelský kámen, který je ve vzdálenosti přesně 2 od jiného nepřátelského kamene, ale nemohl by se za 3 pohyby přes prázdná pole dostat vedle žádného jiného nepřátelského kamene.
