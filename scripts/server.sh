#!/bin/sh
# The production command for the compiled server (`npm start`, `npm run serve`, and every test and
# benchmark that starts the server as production runs it). Decision 0027, "Memory and start":
# - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (V8's compiler threads, libuv's pool,
#   the embedded database's initdb worker) an arena of its own and keeps what they freed; two arenas
#   hold about 60 MiB less after a first start on the embedded database.
# - --max-old-space-size: V8 sizes its heap from this limit, collects sooner when it is low, and
#   otherwise lets the heap grow far beyond the 60-75 MiB in use. HEAP_LIMIT_MIB raises it on a
#   machine with memory to spare.
# - --wasm-lazy-compilation: V8 compiles each of the embedded database's WebAssembly functions when
#   it is first called, not all of them at start; about 25 MiB less resident after load (decision
#   0056).
# - --max-semi-space-size: the young generation's two halves at most 8 MiB each instead of V8's
#   16 MiB; under load V8 grows them to the limit and keeps them. 14-20 MiB less resident after the
#   hot-path load on either database, no measurable change in throughput (decision 0059).
#   SEMI_SPACE_MIB sets it.
# `exec` makes the server this process, so signals (SIGTERM on shutdown) reach it directly.
cd "$(dirname "$0")/.." || exit 1
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node --enable-source-maps --wasm-lazy-compilation --max-semi-space-size="${SEMI_SPACE_MIB:-8}" --max-old-space-size="${HEAP_LIMIT_MIB:-192}" dist/server/main.js
