# Hry, které vždy skončí: zrušení, nárok proti nepřítomnému hráči, odchod,
# lhůty na tah (docs/server-protocol.md, "Games that end").

## výsledky
endings-result-abandoned = { $who } opustil hru: { $result }
endings-result-drawn = { $result }: remíza nárokovaná při nepřítomnosti hráče
endings-result-aborted = Hra byla zrušena: bez výsledku

## výsledek v terminálu
endings-outcome-abandoned = Místo { $seat } opustilo hru.
endings-outcome-aborted = Hra byla zrušena: bez výsledku.

## záznam
endings-log-abort = { $who } ruší hru
endings-log-abandoned = { $who } nebyl přítomen: bylo proti němu nárokováno
endings-log-claim-draw = { $who } nárokuje remízu: soupeř nebyl přítomen
endings-log-leave = { $who } přenechává hru botovi

## odmítnutí (kódy serveru: `error-<kód>`)
error-too-late-to-abort = všechna místa už odehrála svůj první tah: hru už nelze zrušit
error-nothing-to-claim = žádné místo není na tahu nepřítomné: není co nárokovat
error-claim-too-early = proti nepřítomnému místu lze nárokovat za { $secs } s
error-cannot-leave = opustit lze jen bitku nebo týmovou hru; jinak se vzdejte

