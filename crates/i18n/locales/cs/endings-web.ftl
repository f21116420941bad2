# Vlastní slova stránky pro hry, které skončí (tlačítka, lhůta na tah),
# odděleně od slov hry (endings.ftl).

## stránka hry
endings-abort = Zrušit hru
endings-claim-win = Nárokovat výhru
endings-claim-draw = Nárokovat remízu
endings-claim-seat = Předat nepřítomné místo botovi
endings-leave = Opustit hru
endings-leave-confirm = Opustit tuto hru? Vaše místo od teď hraje bot.
# hra bez hodin: čas na každý tah („3 dny")
endings-deadline = tah do { $time }
