# Místo, které opustilo bitku nebo týmovou hru (odešlo, bylo proti němu
# nárokováno nebo mu došel čas): hraje za něj bot a skončí poslední.

departures-left = { $name } opustil hru; za jeho místo hraje { $level }
departures-left-bot = { $name } opustil hru; za jeho místo hraje bot
