#!/usr/bin/env bash
# The rows the Node 24 comparison left in doubt, on a quiet machine: indications issuer_id at 32
# connections and the writes at 1 and 8, 5 alternating runs of each build (no build: the staged ones).
set -uo pipefail
export PATH=/work/main/node_modules/node/bin:$PATH
COMMON="--no-pages --no-exports --streams 0 --webhooks 0 --duration 3 --connections 32 --no-floor --no-build"
run() { # name dir port db n
  local name=$1 dir=$2 port=$3 db=$4 n=$5
  echo "=== $name run $n start $(date +%T)"
  (cd "$dir" && DATABASE_URL="file:$db" npm run -s bench -- --port "$port" $COMMON --only '^(indications issuer_id|create|change)' --out "/work/benchdata/quiet-$name-$n.json" > "/work/benchdata/quiet-$name-$n.log" 2>&1)
  echo "=== $name run $n exit $? end $(date +%T)"
}
for n in 1 2 3 4 5; do
  run base24 /work/base 3900 /work/benchdata/base.db $n
  run new /work/new 4000 /work/benchdata/new.db $n
done
echo ALLDONE
