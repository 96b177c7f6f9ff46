#!/usr/bin/env bash
# 5 alternating runs of d9254ed on Node 24 (/work/base: d9254ed + better-sqlite3 13, the one
# change Node 24 needs; port 3900) and this branch (/work/main, port 4000) on copies of one
# seeded large SQLite set; reads at 32 connections, 3 s a run, writes at 1 and 8.
set -uo pipefail
export PATH=/work/main/node_modules/node/bin:$PATH
COMMON="--no-pages --no-exports --streams 0 --webhooks 0 --duration 3 --connections 32 --no-floor"
run() { # name dir port db n build
  local name=$1 dir=$2 port=$3 db=$4 n=$5 build=$6
  echo "=== $name run $n start $(date +%T)"
  (cd "$dir" && DATABASE_URL="file:$db" npm run -s bench -- --port "$port" $COMMON $build --out "/work/benchdata/$name-$n.json" > "/work/benchdata/$name-$n.log" 2>&1)
  echo "=== $name run $n exit $? end $(date +%T)"
}
for n in 1 2 3 4 5; do
  b=--no-build; [ "$n" = 1 ] && b=""
  run base24 /work/base 3900 /work/benchdata/base.db $n "$b"
  run new /work/new 4000 /work/benchdata/new.db $n "$b"
done
echo ALLDONE
