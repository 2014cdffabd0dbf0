#!/usr/bin/env bash
# Plumb's whole check, as CI runs it (`bash .ci/run`):
#   1. system packages (scripts/setup.sh --cmake --svg)
#   2. swift build, swift test (every test target), then the tests again
#      with PLUMB_CHECK_INVARIANTS=1 (the simplex core checks its tableau
#      after every operation), on the suites that reach the simplex core:
#      INVARIANT_FREE_SUITES, which never call it, and the CLI tests whose
#      plumb runs never reach it (INVARIANT_FREE_CLI_TESTS), run in the plain
#      pass only; a few property tests run fewer seeds or families in this
#      pass (SimplexCore.checksInvariants, CLI.checksInvariants).
#      Beside the tests, a lane builds the fuzz driver (3b), then runs 4
#      (CMake) and the consumer package: builds in their own folders that
#      fill the core the tests leave idle (see lane_start); their lines are
#      printed before the fuzz run
#   3. smoke: the SwiftPM-built plumb solves Examples/hello.json and
#      Examples/wide-row.json (a block large enough for LAPACKE) to their
#      hand-checked frames, reads stdin, and --stats prints one JSON line;
#      Examples/chat.json (texts measured by Pango) solves, sweeps, checks
#      clean and renders its texts
#   3a. the C library: scripts/build-capi.sh (libplumbc, plumb.h, plumb.pc),
#       then Tests/CAPI/example.c built with gcc through pkg-config and run
#   3b. fuzzing: scripts/fuzz.sh, libFuzzer + ASan on six targets, bounded
#       (the driver built in 2's lane), in a lane of its own beside 3, 3a,
#       5, 5b and 6, which run before 5c and 5d (see 3b)
#   4. CMake (in 2's lane): configure + build with Ninja into build/, in the
#      Debug configuration (every target, -Onone; the C kernels still -O2):
#      the CMake-built plumb solves both examples (running the C kernels and
#      the LAPACKE link) and chat.json, and the CMake-built libplumbc passes
#      the C example
#   5. cross-check against kiwisolver: `plumb solve --absolute` equals
#      scripts/kiwi_solve.py within 1e-6 on Examples/hello.json and on the
#      list, grid, form and cards families (and list-rules, cards-rules) of
#      scripts/generate.py at 200 views
#   5b. the Python package: pip install ./python, then python/tests (unittest)
#   5c. docs/distributed.md's Spark recipe, run: scripts/spark_batch_test.py
#       (pip installs pyspark; local mode; skipped only without Java)
#   5d. DocC: `swift package generate-documentation` for Plumb and
#       PlumbSolver, failing on any warning (broken symbol links included)
#   6. cross-check against HiGHS: the coupled table family at 1,000 views,
#      widths 1024 and 480, and the simplex stress families (chartgrid,
#      dashboard, priorities, scales at 500 views, degenerate at 250, boxes
#      at 300, sheet at 1,700, ladder and ladder-loose at 160) equal
#      scripts/highs_solve.py within 1e-6 (the stress families with each
#      level's optimal face held exactly, and checked to be a single point:
#      highs_solve.py --probe)
#
# Exits non-zero if any check fails; the last line is "N passed, N failed".
# Environment: PLUMB_GENERATOR (another generate.py with the same families and
# arguments; scripts/generate.py by default), CROSSCHECK_VIEWS (200),
# STRESS_VIEWS (500), FUZZ_SECONDS (20), FUZZ_SEED (20261126; empty for a new
# seed each run).
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
LOGS=$ROOT/.build/test-logs
WORK=$ROOT/.build/test-work
TOLERANCE=1e-6
CROSSCHECK_VIEWS=${CROSSCHECK_VIEWS:-200}
# The four benchmark families, and the list and cards layouts written as
# Simple Layout Language rules (kiwi_solve.py parses rules independently).
FAMILIES=(list grid form cards list-rules cards-rules)
GENERATOR=${PLUMB_GENERATOR:-$ROOT/scripts/generate.py}
STRESS_VIEWS=${STRESS_VIEWS:-500}
# The stress families for the simplex, with their size in the HiGHS check
# (about a second each): degenerate is kept smaller because Plumb's tableau
# takes seconds on it (about 2 s at 400 views, 23 s at 1,000; BENCHMARKS.md).
# boxes, sheet, ladder and ladder-loose are shapes written against the
# solver (stop 72), each sized to reach its hard path: boxes at 300 views
# and the ladders at 160 (235 variables, about 300 levels) reach Clp, sheet
# at 1,700 is cut at its hinges (at 300 the tableau alone solves it).
STRESS_FAMILIES=(chartgrid dashboard priorities scales degenerate boxes sheet ladder ladder-loose)
declare -A STRESS_SIZE=([degenerate]=250 [boxes]=300 [sheet]=1700 [ladder]=160 [ladder-loose]=160)

passed=0
failed=0
skipped=0
failures=()

note() { printf '%s\n' "$*"; }

# check NAME COMMAND...: runs COMMAND with its output in a log; on failure
# prints the lines that say what failed (failed tests and their issues,
# errors, crashes), then the log's tail. What failed comes first because a
# reader of CI's output may see only its first lines; a tail alone showed
# the suites that passed around a failure, not the failure.
check() {
    local name=$1; shift
    local log="$LOGS/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log"
    local start=$SECONDS
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        note "PASS  $name ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        failures+=("$name")
        note "FAIL  $name ($((SECONDS - start)) s)"
        failure_lines "$log" | sed 's/^/      /'
        note "      last lines of $log:"
        tail -n 15 "$log" | sed 's/^/      /'
    fi
}

# failure_lines LOG: at most 12 lines of LOG that name a failure (Swift
# Testing's and XCTest's failed tests and recorded issues, compiler and
# runtime errors, fatal errors and signals), each cut to 240 characters.
failure_lines() {
    grep -a -E '✘|error:|Fatal error|fatal error|signal|Simultaneous accesses|Assertion|FAIL|failed' "$1" |
        grep -a -v -E '^✔|passed after' | head -n 12 | cut -c1-240
}

skip() {
    skipped=$((skipped + 1))
    note "SKIP  $1"
}

# lane_start NAME FUNCTION: runs FUNCTION (a sequence of checks) in the
# background, beside the checks that follow; its PASS/FAIL lines wait in
# LOGS/lane-NAME.out and lane_join NAME prints them and adds its counts and
# failures to the script's, so the summary counts every check once. A lane
# that ends without writing its counts fails as "lane NAME".
declare -A lane_pids=()
lane_start() {
    local name=$1 fn=$2
    rm -f "$LOGS/lane-$name.counts" "$LOGS/lane-$name.failures"
    (
        passed=0 failed=0 skipped=0 failures=()
        "$fn"
        printf '%s\n' "${failures[@]}" >"$LOGS/lane-$name.failures"
        printf '%s %s %s\n' "$passed" "$failed" "$skipped" >"$LOGS/lane-$name.counts"
    ) >"$LOGS/lane-$name.out" 2>&1 &
    lane_pids[$name]=$!
}

lane_join() {
    local name=$1 p f s line
    wait "${lane_pids[$name]}"
    cat "$LOGS/lane-$name.out"
    if read -r p f s <"$LOGS/lane-$name.counts" 2>/dev/null; then
        passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
        while IFS= read -r line; do
            if [[ -n $line ]]; then failures+=("$line"); fi
        done <"$LOGS/lane-$name.failures"
    else
        failed=$((failed + 1)); failures+=("lane $name")
        note "FAIL  lane $name ended without its counts (see $LOGS/lane-$name.out)"
    fi
}

finish() {
    note ""
    if ((skipped > 0)); then note "$skipped skipped"; fi
    if ((failed > 0)); then note "failed: ${failures[*]}"; fi
    note "$passed passed, $failed failed"
    if ((failed > 0)); then exit 1; fi
    exit 0
}

mkdir -p "$LOGS" "$WORK"

# --- 1. system packages ------------------------------------------------------
check "setup (system packages)" bash scripts/setup.sh --cmake --svg
if ((failed > 0)); then finish; fi

# solve_equals BINARY DOC EXPECTED [FLAGS...]: frames equal the expected file.
solve_equals() {
    local bin=$1 doc=$2 expected=$3; shift 3
    local out
    out=$(mktemp "$WORK/frames.XXXXXX.json")
    "$bin" solve "$doc" -o "$out" "$@" && python3 scripts/compare_frames.py "$out" "$expected" --tol "$TOLERANCE"
}

# --- 4. CMake -----------------------------------------------------------------
# cmake_checks: configure + build with Ninja into build/, then the CMake-built
# plumb and libplumbc smoke-tested. Defined here, it runs in the builds lane
# that section 2 starts (see there). Debug, not the CMakeLists' default
# Release: what this checks is the CMake build itself (every target
# configured, compiled and linked, module maps, the loaded LAPACKE and
# Pango) and that its products run, which the Debug
# configuration checks as well; its Release build (whole-module -O, one
# core) took about three times as long on the same loaded machine, and
# the optimised Swift of the libraries is compiled in the lane anyway by
# the fuzz driver's release build (ci70, BENCHMARKS.md). What only Release
# compiles is its own flags (-wmo, the C kernels' -O3).
cmake_checks() {
    check "cmake configure (Ninja, Debug)" cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Debug
    local failed_before_cmake=$failed
    check "cmake build" cmake --build build
    if ((failed > failed_before_cmake)); then
        :  # the build's failure is reported above; no binary to smoke-test
    elif [[ -x build/bin/plumb ]]; then
        check "cmake-built plumb solves hello.json" \
            solve_equals build/bin/plumb Examples/hello.json Examples/hello.absolute.json --absolute
        check "cmake-built plumb solves wide-row.json (C kernels, LAPACKE)" \
            solve_equals build/bin/plumb Examples/wide-row.json Examples/wide-row.absolute.json --absolute
        check "cmake-built libplumbc passes Tests/CAPI/example.c" \
            bash -c "gcc -std=c11 -Wall -Wextra -Werror Tests/CAPI/example.c -ISources/PlumbC/include -Lbuild/lib \
                         -lplumbc -Wl,-rpath,'$ROOT/build/lib' -lm -o '$WORK/example-cmake' &&
                     '$WORK/example-cmake' Examples/hello.json"
        check "cmake-built plumb solves chat.json (PlumbText, Pango)" \
            solve_equals build/bin/plumb Examples/chat.json Examples/chat.absolute.json --absolute
    else
        note "FAIL  no build/bin/plumb after the CMake build"
        failed=$((failed + 1)); failures+=("cmake plumb binary")
    fi
}

# --- 2. SwiftPM --------------------------------------------------------------
check "swift build" swift build
# The builds lane: the fuzz driver (release, libFuzzer + ASan; scripts/fuzz.sh
# --build-only), then section 4 (CMake configure, build and its smoke tests),
# then the consumer package, beside the unit tests and the checks up to 3b;
# each has its own build folder (.build-fuzz, build, .build-consumer), so
# none waits for SwiftPM's lock on .build. The fuzz driver's release build
# is a chain of whole-module compiles, module after module, and the test
# passes leave a core idle whenever their last long tests run alone: run in
# sequence, the two builds and the consumer took 727 s of CI's 2,218 s
# (stop 67), when the CMake build was Release too (since stop 70 it is
# Debug, see cmake_checks). The lane's lines are
# printed before the fuzz run (3b), which needs the driver.
build_lane() {
    check "fuzz: build the libFuzzer + ASan driver (release)" bash scripts/fuzz.sh --build-only
    cmake_checks
    # A package outside this one that uses only `import Plumb`'s public surface.
    check "consumer package (public API only)" \
        bash -c "swift build --package-path Tests/Consumer --scratch-path '$ROOT/.build-consumer' &&
                 '$ROOT/.build-consumer/debug/plumb-consumer'"
}
lane_start builds build_lane
check "swift test" swift test
# Once more with the simplex core checking its invariants after every
# operation (debug builds only; the long-chain tests are left out because the
# check is O(tableau) per call and makes them quadratic).
# degenerateShelvesReachTheTableausPoint, manyColdLevelsReachTheTableausPoint,
# manyLevelsAreSolvedByClpAtTheTableausPoint,
# partsSplitByHeldLevelsKeepTheTableausPoint and
# refactorisingRarelyKeepsTheTableausPoint run the whole tableau on parts
# of hundreds of variables as their second method: with a check of the
# whole tableau after every pivot each takes many minutes, so they run in
# the plain pass only (as SimplexCoreChainTests does). So do
# levelsCheckedAtTheLastBasisKeepTheOptimum and
# aStalledProbesFactorisationIsFreedBeforeTheColdSolve (the tableau on
# every level of shelves of boxes) and
# largeComponentsInTurnMatchEachSolvedAlone (components of hundreds of
# variables in the tableau; of over a thousand until stop 36): checked after
# every pivot, this pass ran past half an hour with them, the last alone past
# three minutes.
# aGuideEveryRowMentionsStaysOnTheBoundary (two tableaux of 1,601 rows as
# its reference) took 330 s alone in this pass, 0.4 s in the plain one.
# aLongChainIsTakenApartByPivots (400 views of chain pivots, the tableau
# checked after each) 86 s alone, 1 s in the plain pass; under CI's load it
# took 298 s and was the last of the pass.
# filledRowsStopAtTheSameEarlyLookWhateverTheSize (tableaux of 1,000 and
# 4,000 dense rows built to half their rows, for the older fill rule; all
# their rows until stop 70) ran past ten minutes in this pass; it tests when a build stops, not the
# tableau, which the plain pass and FillWatchTests' other test cover; so
# does stopsWhereTheRowsHaveFilledInAndNoLaterThanTheOlderRule (six builds
# of 600 to 1,400 rows). The times below and that one (153 s) are this
# pass's, one test at a time on a busy machine (stop 45); every test left
# out here runs in the plain pass.
# chainsExtendWalksShelfByShelf (286 s; the last test of the pass, alone on
# one core for minutes) and rowsAlongTheMoveHoldShelvesTheNeighbourhoodsSendOn
# (112 s) test how far the neighbourhoods' walks reach on 80 and 24 shelves,
# against the whole tableau of every shelf as reference, and so does
# chainsAreTriedBeforeTheNeighbourhoods (50 s alone, 14 s in the plain pass;
# 24 shelves);
# aGivenUpProbeAfterALeastPointStartsColdFromThePoint (135 s) and
# cutChainsGiveClpOnlyPieces (130 s) compare Clp with the tableau on
# shelves of boxes and on 24 long chains. The smaller random systems of the
# neighbourhood tests (NeighbourhoodRequiredRowsTests) stay in this pass
# with fewer seeds (SimplexCore.checksInvariants).
# grownSlotsKeepTheFace (IndexSlotsTests) diagnoses a chart grid of 1,280
# views three times to test the Clp shim's index slots; its optimal faces'
# small parts go through the tableau, which this pass checked after every
# pivot for over 20 minutes (12 s in the plain pass).
# theCheckReportsAreTheUsualPresolves and theFacesColdSolvesTookTheBits
# (FaceColdPresolveTests) diagnose 8 priorities-like systems of 70-160 rows
# twice each, comparing two presolves of Clp's; the faces' small parts go
# through the tableau: 186 s in this pass, 17 s in the plain one.
# theCheckReportsAreTheOldPaths and theSkippedTrialsChangeNoSolve
# (FaceSkippedTrialsTests) do the same on 6 such systems, comparing the
# face's skipped trials with the old path.
# promotionsWithoutDualPresolveKeepTheOptimum (LargePartTests) compares two
# Clp promotions with the tableau as the reference on priorities systems of
# 120 to 200 rows and a chart grid of 70 rows: in this pass, one test at a
# time on a busy machine (stop 69), it ran alone for over 15 minutes (20 s in
# the plain pass); in stop 68's CI it ended 2 s before the pass did.
# shortProbesKeepTheOptimum (LargePartTests) has the tableau as its third
# method on 45 random coupled grids, chart grids and shelves, as
# its left-out neighbour coldSolvesPricedByTheLargestInfeasibilityKeepTheOptimum
# does: 300 s in this pass, one test at a time (12 s in the plain one).
# The suites that never call the simplex core, left out of this pass: the
# switch guards only SimplexCore's operations (each checks the tableau after
# it), so with the check on these would only repeat the plain pass. A suite
# is listed only if a traced run saw none of its tests reach a SimplexCore
# operation on any thread (ci68, stop 68: the 118 suites below, 460 tests,
# run together, 0 operations; the method is in BENCHMARKS.md's ci68
# section); every other suite, and every suite added later, runs in both
# passes. The CLI suites (PlumbCLITests) all stay: the plumb they start
# inherits PLUMB_CHECK_INVARIANTS. Many listed suites solve layouts whose
# parts never reach the tableau (equalities, blocks, Clp, the DAG): a change
# that sends such parts to the simplex core takes their suites off the list
# (trace again).
INVARIANT_FREE_SUITES=(
    PlumbSolverTests.AffineClassesTests
    PlumbSolverTests.BlockTriangularFormTests
    PlumbSolverTests.CanonicalRowsTests PlumbSolverTests.ChainPointsTests
    PlumbSolverTests.ContiguousRowTests PlumbSolverTests.DenseBlockSolverTests
    PlumbSolverTests.ExpressionTests PlumbSolverTests.FaceFixedColumnsTests
    PlumbSolverTests.FaceFixedSlacksTests
    PlumbSolverTests.FacePinnedReuseTests
    PlumbSolverTests.FacePromotionCapTests
    PlumbSolverTests.FacePromotionPassesTests
    PlumbSolverTests.FaceRowsSettledTests
    PlumbSolverTests.FaceSettlingGroupsTests
    PlumbSolverTests.FaceSettlingRefactorTests
    PlumbSolverTests.FaceTwinColumnsTests
    PlumbSolverTests.FixedErrorColumnsTests
    PlumbSolverTests.InPlaceSettersTests
    PlumbSolverTests.IntervalProgramKeptLevelsTests
    PlumbSolverTests.KeptFactorizationTests PlumbSolverTests.KernelTests
    PlumbSolverTests.OriginListTests PlumbSolverTests.PinnedPairRoundsTests
    PlumbSolverTests.PinnedPairsTests PlumbSolverTests.PlannerBlockTests
    PlumbSolverTests.PresolveRowsTests PlumbSolverTests.PriorityListTests
    PlumbSolverTests.RepeatedStartTests
    PlumbSolverTests.RequiredLeastPointTests
    PlumbSolverTests.RequiredRowsCrashTests
    PlumbSolverTests.RowMovesBudgetTests
    PlumbSolverTests.SimplexCoreReferenceTests
    PlumbSolverTests.SingletonRunRecordingTests
    PlumbSolverTests.StartChecksTests PlumbSolverTests.TransversalTests
    PlumbSolverTests.UnionFindTests PlumbSolverTests.ZeroTrialPutBackTests
    PlumbTests.ActivationAfterLayoutTests PlumbTests.ActivationLendingTests
    PlumbTests.ActivationTests PlumbTests.ArrayTruncateTests
    PlumbTests.AttributeTermsTests PlumbTests.BytePoolTests
    PlumbTests.ByteScannerTests PlumbTests.CompiledLayoutDirectionTests
    PlumbTests.ConstraintAttributeSetBitsTests
    PlumbTests.ConstraintChangeTests PlumbTests.ConstraintReadAheadTests
    PlumbTests.ConstraintTextsTests PlumbTests.DecimalParsingTests
    PlumbTests.DeferredSlotsTests PlumbTests.DocumentLoweringTests
    PlumbTests.DocumentParsingTests PlumbTests.DocumentReadingPropertyTests
    PlumbTests.ExpectationArgumentsTests PlumbTests.FahrenheitErrorTests
    PlumbTests.FailedPromotionDualTests PlumbTests.FrameWriterTests
    PlumbTests.FreshPagesTests PlumbTests.JSONReaderTests
    PlumbTests.LayoutAgainClpTests PlumbTests.LayoutAttributeNameTests
    PlumbTests.LayoutDirectionTests PlumbTests.LetGoTests
    PlumbTests.LoweringPrefetchTests PlumbTests.MakerBlockReuseTests
    PlumbTests.MakerErrorTests PlumbTests.MakerLinesRoomTests
    PlumbTests.MakerLinesTests PlumbTests.MakerRunTimeTargetTests
    PlumbTests.MakerStepReuseTests PlumbTests.MakerThreadSparesTests
    PlumbTests.MakerUpdateRemakeTests PlumbTests.MortarAttributeOperatorTests
    PlumbTests.MortarInlineSideTests PlumbTests.MortarScalarSideTests
    PlumbTests.MortarSpareStatementTests PlumbTests.NameTableTests
    PlumbTests.NumberFormattingTests PlumbTests.ObserverTests
    PlumbTests.PagesReadPastTests PlumbTests.ParkedThreadTests
    PlumbTests.PixelRoundingTests PlumbTests.PlannedRowTests
    PlumbTests.RowBatchTests PlumbTests.RuleBookSlotTests
    PlumbTests.RuleGraphTests PlumbTests.RuleLoweringThreadsTests
    PlumbTests.RuleReadAheadTests PlumbTests.RuleRowMergeTests
    PlumbTests.SLLParserTests PlumbTests.SLLPropertyTests
    PlumbTests.SLLTemplatePropertyTests PlumbTests.SVGRendererTests
    PlumbTests.SVGRendererTextLabelTests PlumbTests.SVGRendererTextTests
    PlumbTests.SeedExamplesFahrenheitTests PlumbTests.SeedExamplesMakerTests
    PlumbTests.ShortNameTableTests PlumbTests.SimpleFormatErrorTests
    PlumbTests.SimpleFormatFastPathTests
    PlumbTests.SimpleFormatShapeCacheTests
    PlumbTests.SimpleFormatTemplatesTests PlumbTests.SimpleFormatTests
    PlumbTests.SingleSpacedShapeTests PlumbTests.SpareSystemTests
    PlumbTests.TemplateSecondNameTests PlumbTests.TwoThreadLoweringTests
    PlumbTests.UnsharedArrayTests PlumbTests.ViewIdentityIndexTests
    PlumbTests.ViewLayoutTests PlumbTests.ViewReferenceSlabTests
    PlumbTests.ViewSubtreeCountTests PlumbTests.ViewTests
    PlumbTests.ViewWalkUpTests PlumbTextTests.PangoLineLimitTests
    PlumbTextTests.PangoMeasurementTests PlumbTextTests.TextDocsExampleTests
)
# The CLI tests whose plumb runs never reach the simplex core, left out of
# this pass too (ci69, stop 69: a debugger's breakpoint on the core's
# creation, on each test's documents and commands, never hit; the times are
# this pass's, one test at a time on a busy machine): threadsOptionGivesTheSameOutput
# (list at 40,000 views, 12 runs: 136 s), commonFormsAgreeWithArgumentParser
# (two nested views, and documents that fail before the solve: 44 s),
# aLargeFileAndStandardInputGiveTheSameFrames (grid at 50,000 views: 35 s),
# anIgnoredSignalStaysIgnored and aSweepStoppedMidWriteLeavesNoTemporaryFile
# (sweeps of two views held by equalities: 18 s and 12 s). Their suites
# stay, and so does every CLI test not named here; SweepCommandTests runs
# only its families that reach the core in this pass
# (familiesReachingTheCore). A test whose documents change is traced again.
INVARIANT_FREE_CLI_TESTS=(
    threadsOptionGivesTheSameOutput commonFormsAgreeWithArgumentParser
    aLargeFileAndStandardInputGiveTheSameFrames anIgnoredSignalStaysIgnored
    aSweepStoppedMidWriteLeavesNoTemporaryFile
)
# TableauRequiredRowsTests (stop 71) is left out of this pass too: its
# random rows of 12 to 30 terms, 600 of them on 40 to 70 variables, drift
# past the checker's tolerance (an equation off by 1e-5 after an add in
# stop 71's CI; the plain pass shows the old build's tableau bit for bit
# the same as the new one's, so it drifts alike), and its subject is the
# two builds' sameness, which the plain pass checks.
invariant_free_skips=(--skip TableauRequiredRowsTests)
for suite in "${INVARIANT_FREE_SUITES[@]}"; do
    invariant_free_skips+=(--skip "^${suite//./\\.}\$")
done
for test in "${INVARIANT_FREE_CLI_TESTS[@]}"; do
    invariant_free_skips+=(--skip "$test")
done
check "swift test (invariants checked)" env PLUMB_CHECK_INVARIANTS=1 swift test --skip-build "${invariant_free_skips[@]}" --skip SimplexCoreChainTests --skip degenerateShelvesReachTheTableausPoint --skip manyColdLevelsReachTheTableausPoint --skip manyLevelsAreSolvedByClpAtTheTableausPoint --skip partsSplitByHeldLevelsKeepTheTableausPoint --skip refactorisingRarelyKeepsTheTableausPoint --skip levelsCheckedAtTheLastBasisKeepTheOptimum --skip checksFromAKeptFactorizationKeepTheOptimum --skip coldSolvesWithLowerRowsOpenedKeepTheOptimum --skip coldSolvesWithoutFreeRowsKeepTheOptimum --skip coldSolvesByThePrimalAfterALeastPointKeepTheOptimum --skip coldSolvesPricedByTheLargestInfeasibilityKeepTheOptimum --skip aStalledProbesFactorisationIsFreedBeforeTheColdSolve --skip largeComponentsInTurnMatchEachSolvedAlone --skip aLeastPointCountsAsThePartsFirstColdSolve --skip timelinesReachTheSameOptimum --skip aGuideEveryRowMentionsStaysOnTheBoundary --skip aLongChainIsTakenApartByPivots --skip filledRowsStopAtTheSameEarlyLookWhateverTheSize --skip stopsWhereTheRowsHaveFilledInAndNoLaterThanTheOlderRule --skip chainsExtendWalksShelfByShelf --skip rowsAlongTheMoveHoldShelvesTheNeighbourhoodsSendOn --skip chainsAreTriedBeforeTheNeighbourhoods --skip aGivenUpProbeAfterALeastPointStartsColdFromThePoint --skip cutChainsGiveClpOnlyPieces --skip theLPCodesSolveShowsTheRequiredRowsHoldTogether --skip grownSlotsKeepTheFace --skip theCheckReportsAreTheUsualPresolves --skip theFacesColdSolvesTookTheBits --skip theCheckReportsAreTheOldPaths --skip theSkippedTrialsChangeNoSolve --skip promotionsWithoutDualPresolveKeepTheOptimum --skip shortProbesKeepTheOptimum
SWIFTPM_PLUMB=$ROOT/.build/debug/plumb

# stats_line BINARY DOC: --stats writes exactly one JSON object line on stderr
# with the documented keys.
stats_line() {
    local bin=$1 doc=$2 err
    err=$(mktemp "$WORK/stats.XXXXXX")
    "$bin" solve "$doc" --stats -o /dev/null 2>"$err" || return 1
    python3 - "$err" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 1, f"expected one stderr line, got {len(lines)}: {lines[:3]}"
s = json.loads(lines[0])
for key in ("views", "variables", "rows", "nonzeros", "ms"):
    assert key in s, f"missing key {key!r} in {s}"
for key in ("parse", "build", "solve", "output"):
    assert key in s["ms"], f"missing ms.{key} in {s}"
assert s["views"] == 5, f"hello.json has 5 views with the root, stats say {s['views']}"
print(lines[0])
PY
}

# one_block_of_79 BINARY: --stats of wide-row.json reports the block solver
# with one block of 79 unknowns (when the stats carry a "block" object).
one_block_of_79() {
    local err
    err=$(mktemp "$WORK/stats.XXXXXX")
    "$1" solve Examples/wide-row.json --stats -o /dev/null 2>"$err" || return 1
    python3 - "$err" <<'PY'
import json, sys
s = json.loads(open(sys.argv[1]).read().splitlines()[-1])
block = s.get("block")
if block is None:
    print("no block statistics; nothing to check")
    sys.exit(0)
assert block.get("blocks") == 1 and block.get("largest") == 79, f"expected one block of 79: {block}"
print(block)
PY
}

# renders_cards BINARY: `plumb render` of a small cards document, turned into
# a PNG by rsvg-convert (headless, as a browser would draw it); the PNG must
# be 800 pixels wide and not blank.
renders_cards() {
    local doc=$WORK/cards-render.json svg=$WORK/cards.svg png=$WORK/cards.png
    python3 "$GENERATOR" cards 60 >"$doc" || return 1
    rm -f "$svg" "$png"
    "$1" render "$doc" -o "$svg" && rsvg-convert -w 800 "$svg" -o "$png" || return 1
    python3 - "$png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert width == 800 and height > 100, f"unexpected size {width}x{height}"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
pixels = zlib.decompress(idat)
distinct = len(set(pixels[i:i + 4] for i in range(0, len(pixels) - 4, 4 * 97)))
assert distinct >= 4, f"the picture looks blank ({distinct} distinct samples)"
print(f"{width}x{height} PNG, {distinct} distinct sampled pixels")
PY
}

# sweep_chat BINARY: `plumb sweep` of the chat example at widths 375 and 768
# gives the expected frames (Examples/chat.sweep.jsonl) within the tolerance,
# and --stats reports the text views and the text engine's calls.
sweep_chat() {
    local out=$WORK/chat.sweep.jsonl err=$WORK/chat.sweep.stats
    "$1" sweep Examples/chat.json --widths 375,768 --absolute -o "$out" --stats 2>"$err" || return 1
    python3 - "$out" Examples/chat.sweep.jsonl "$err" "$TOLERANCE" <<'PY'
import json, sys
got = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
want = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
tol = float(sys.argv[4])
assert len(got) == len(want) == 2, (len(got), len(want))
for g, w in zip(got, want):
    assert g["width"] == w["width"], (g["width"], w["width"])
    assert g["frames"].keys() == w["frames"].keys()
    for k, frame in w["frames"].items():
        d = max(abs(a - b) for a, b in zip(g["frames"][k], frame))
        assert d <= tol, f"width {w['width']}: {k} {g['frames'][k]} != {frame}"
stats = json.loads(open(sys.argv[3]).read().splitlines()[-1])
text = stats["text"]
assert text["views"] == 12 and text["measure_calls"] > 0, text
print(text)
PY
}

# renders_chat BINARY: the chat example's SVG holds each text's lines in DejaVu Sans.
renders_chat() {
    local svg=$WORK/chat.svg
    "$1" render Examples/chat.json -o "$svg" || return 1
    grep -q "font-family:'DejaVu Sans';font-size:15px" "$svg" &&
        grep -q '>Yes, 3 pm.</text>' "$svg" &&
        if command -v rsvg-convert >/dev/null; then rsvg-convert -w 400 "$svg" -o "$WORK/chat.png"; fi
}

# api_bench_smoke BINARY: the Swift API benchmark refuses bad values of
# --large-parts and --warmup by name with exit status 2, stops with status 1
# naming a frames file it cannot write, and lays out the coupled shapes (a big component
# each) with two front ends, first and again (the frames themselves are
# checked by APIWorkloadTests).
api_bench_smoke() {
    local out status
    out=$("$1" --large-parts bogus 2>&1) && return 1
    status=$?
    [[ $status == 2 && $out == *"--large-parts is clp or tableau, not 'bogus'"* ]] || { echo "$out"; return 1; }
    out=$("$1" --warmup maybe 2>&1) && return 1
    status=$?
    [[ $status == 2 && $out == *"--warmup is yes or no, not 'maybe'"* ]] || { echo "$out"; return 1; }
    out=$("$1" --frames "$WORK/no-such-directory" 2>&1) && return 1
    status=$?
    [[ $status == 2 && $out == *"--frames needs an existing directory"* ]] || { echo "$out"; return 1; }
    # A frames file that cannot be written (a directory stands in its place).
    mkdir -p "$WORK/api-frames/list-100-sfl.frames.json"
    out=$("$1" --sizes 100 --shapes list --fronts sfl --runs 1 --frames "$WORK/api-frames" 2>&1) && return 1
    status=$?
    [[ $status == 1 && $out == *"could not write $WORK/api-frames/list-100-sfl.frames.json"* ]] || { echo "$out"; return 1; }
    local first again
    first=$("$1" --sizes 100 --shapes table,chartgrid --fronts sfl,maker --runs 1 --mode first) &&
        again=$("$1" --sizes 100 --shapes table,chartgrid --fronts sfl,maker --runs 1 --mode again --warmup no) || return 1
    [[ $first == *"| chartgrid | 101 | maker |"* && $again == *"| table | 97 | sfl |"* ]] || { echo "$first$again"; return 1; }
}

# bench_compare_smoke BINARY: scripts/bench_compare.py times a binary against
# itself through a prefix command with --threads (frames agree), and names
# the command it cannot start, the one that fails, the one without stats and
# the one whose stats lack a phase asked for.
bench_compare_smoke() {
    local out
    out=$(python3 scripts/bench_compare.py --old "$1" --new "$1" --families list-rules --sizes 60 --runs 2 \
        --phase parse+build --threads 1 --prefix "env LC_ALL=C" --work "$WORK/bench-compare") &&
        [[ $out == *"| list-rules | 60 |"*"| yes |"* ]] || { echo "$out"; return 1; }
    out=$(python3 scripts/bench_compare.py --old "$1" --new "$1" --families list --sizes 60 --runs 1 \
        --prefix no-such-command --work "$WORK/bench-compare" 2>&1) && return 1
    [[ $out == *"cannot run 'no-such-command' (from --old, --new or --prefix)"* ]] || { echo "$out"; return 1; }
    out=$(python3 scripts/bench_compare.py --old /bin/false --new "$1" --families list --sizes 60 --runs 1 \
        --work "$WORK/bench-compare" 2>&1) && return 1
    [[ $out == *"/bin/false solve "*"failed with status 1"* ]] || { echo "$out"; return 1; }
    out=$(python3 scripts/bench_compare.py --old "$1" --new /bin/true --families list --sizes 60 --runs 1 \
        --work "$WORK/bench-compare" 2>&1) && return 1
    [[ $out == *"printed no --stats line"* ]] || { echo "$out"; return 1; }
    local partial="$WORK/bench-compare/parse-only"
    printf '#!/bin/sh\necho %s >&2\n' "'{\"ms\": {\"parse\": 1.5}}'" > "$partial" && chmod +x "$partial"
    out=$(python3 scripts/bench_compare.py --old "$1" --new "$partial" --families list --sizes 60 --runs 1 \
        --phase parse+build --work "$WORK/bench-compare" 2>&1) && return 1
    [[ $out == *"$partial printed no time for one of parse, build"* ]] || { echo "$out"; return 1; }
}

# --- 3b. fuzzing --------------------------------------------------------------
# libFuzzer with the address sanitizer on the SFL, SLL and document parsers and
# the solver (small systems, and chains the planner cuts), from the seed
# corpus, 20 s per target (FUZZ_SECONDS to change).
# The seed is fixed so that CI is reproducible: a check that passes or fails
# by the draw of a seed says nothing about the commit it runs on. Finding new
# inputs is the work of longer runs with fresh seeds (scripts/fuzz.sh alone);
# each finding is fixed and its input added to Fuzz/Corpus/, which this check
# and FuzzCorpusTests replay on every run.
# The driver was built in the builds lane (section 2): its lines and section
# 4's come first.
# The run is a lane of its own (one libFuzzer process at a time, on one
# core: 112 s of stop 72's CI), beside the checks that follow up to section
# 6, each one process at a time too (the smoke runs, the C library, kiwi,
# the Python package, HiGHS: 74 s there); it had run alone with the other
# core idle. Spark (local[2]) and DocC (SwiftPM's build jobs), which would
# take the fuzz run's core, wait for it (lane_join fuzz, before 5c). It
# needs nothing those checks make (its own build folder, .build-fuzz).
lane_join builds
fuzz_run() {
    check "fuzz: 6 targets, ${FUZZ_SECONDS:-20} s each (seed ${FUZZ_SEED-20261126}), no finding" \
        env FUZZ_SEED="${FUZZ_SEED-20261126}" bash scripts/fuzz.sh "${FUZZ_SECONDS:-20}"
}
lane_start fuzz fuzz_run

# --- 3. smoke with the SwiftPM build ----------------------------------------
if [[ -x $SWIFTPM_PLUMB ]]; then
    check "plumb solve hello.json (parent coordinates)" \
        solve_equals "$SWIFTPM_PLUMB" Examples/hello.json Examples/hello.frames.json
    check "plumb solve --absolute hello.json" \
        solve_equals "$SWIFTPM_PLUMB" Examples/hello.json Examples/hello.absolute.json --absolute
    check "plumb solve - (stdin)" \
        bash -c "'$SWIFTPM_PLUMB' solve - --absolute < Examples/hello.json > '$WORK/stdin.json' &&
                 python3 scripts/compare_frames.py '$WORK/stdin.json' Examples/hello.absolute.json"
    check "plumb solve --stats" stats_line "$SWIFTPM_PLUMB" Examples/hello.json
    # Output to a device is written in place (an early version renamed its
    # temporary file over /dev/null, which as root replaced the device).
    check "plumb solve/sweep -o /dev/null leave /dev/null a device" \
        bash -c "'$SWIFTPM_PLUMB' solve Examples/hello.json -o /dev/null &&
                 '$SWIFTPM_PLUMB' sweep Examples/hello.json --widths 300...400:50 -o /dev/null &&
                 test -c /dev/null"
    # One coupled block of 79 unknowns: the dense LAPACKE path.
    check "plumb solve --absolute wide-row.json (LAPACKE block)" \
        solve_equals "$SWIFTPM_PLUMB" Examples/wide-row.json Examples/wide-row.absolute.json --absolute
    check "wide-row.json is solved as one 79-unknown block" one_block_of_79 "$SWIFTPM_PLUMB"
    check "plumb render: a cards SVG renders to a PNG headlessly" renders_cards "$SWIFTPM_PLUMB"
    # Text measured by Pango, height for width: chat bubbles whose texts wrap.
    check "plumb solve --absolute chat.json (text, Pango)" \
        solve_equals "$SWIFTPM_PLUMB" Examples/chat.json Examples/chat.absolute.json --absolute
    check "plumb sweep chat.json at 375 and 768 (text re-measured per width)" sweep_chat "$SWIFTPM_PLUMB"
    check "plumb check chat.json is clean" "$SWIFTPM_PLUMB" check Examples/chat.json
    check "plumb render chat.json draws the texts" renders_chat "$SWIFTPM_PLUMB"
    check "plumb-api-bench: a bad option refused by name; table and chartgrid laid out" \
        api_bench_smoke "$(dirname "$SWIFTPM_PLUMB")/plumb-api-bench"
    check "bench_compare.py: a binary against itself, --threads and --prefix; a bad command named" \
        bench_compare_smoke "$SWIFTPM_PLUMB"
else
    note "FAIL  no $SWIFTPM_PLUMB after swift build"
    failed=$((failed + 1)); failures+=("swiftpm plumb binary")
fi

# --- 3a. the C library and the Python package -----------------------------------
# libplumbc (SwiftPM product `plumbc`) laid out with its header and plumb.pc;
# Tests/CAPI/example.c compiled with gcc through pkg-config and run; the
# Python package pip-installed and its tests run against the same library.
CAPI=$ROOT/.build/capi
capi_example() {
    export PKG_CONFIG_PATH=$CAPI/lib/pkgconfig
    gcc -std=c11 -Wall -Wextra -Werror Tests/CAPI/example.c $(pkg-config --cflags --libs plumb) -lm \
        -o "$CAPI/example" && "$CAPI/example" Examples/hello.json
}
# The library exports exactly the functions plumb.h declares (no internal
# kernel or runtime helper under the plumb_ prefix).
capi_exports() {
    diff <(nm -D --defined-only "$CAPI/lib/libplumbc.so" | awk '$2 == "T" && $3 ~ /^plumb_/ {print $3}' | sort -u) \
         <(grep -o '\bplumb_[a-z_]*(' "$CAPI/include/plumb.h" | tr -d '(' | sort -u)
}
check "C library: build libplumbc, header and plumb.pc" bash scripts/build-capi.sh --prefix "$CAPI"
check "C library: Tests/CAPI/example.c (gcc, pkg-config)" capi_example
check "C library: exports exactly plumb.h's functions" capi_exports

# --- 5. kiwisolver cross-check -------------------------------------------------
kiwi_ready=0
if python3 -c "import kiwisolver" >/dev/null 2>&1; then
    kiwi_ready=1
elif python3 -m pip install --quiet kiwisolver >"$LOGS/pip-kiwisolver.log" 2>&1 &&
     python3 -c "import kiwisolver" >/dev/null 2>&1; then
    kiwi_ready=1
fi

# same_as_kiwi DOC: plumb --absolute and kiwi agree.
same_as_kiwi() {
    local doc=$1 base
    base=$WORK/$(basename "$doc" .json)
    "$SWIFTPM_PLUMB" solve "$doc" --absolute -o "$base.plumb.json" &&
        python3 scripts/kiwi_solve.py "$doc" -o "$base.kiwi.json" &&
        python3 scripts/compare_frames.py "$base.plumb.json" "$base.kiwi.json" --tol "$TOLERANCE"
}

if ((kiwi_ready == 0)); then
    skip "kiwisolver cross-check: pip could not install kiwisolver (see $LOGS/pip-kiwisolver.log)"
elif [[ ! -x $SWIFTPM_PLUMB ]]; then
    skip "kiwisolver cross-check: no plumb binary"
else
    check "kiwi == plumb: hello.json" same_as_kiwi Examples/hello.json
    for family in "${FAMILIES[@]}"; do
        doc=$WORK/$family-$CROSSCHECK_VIEWS.json
        if python3 "$GENERATOR" "$family" "$CROSSCHECK_VIEWS" >"$doc"; then
            check "kiwi == plumb: $family $CROSSCHECK_VIEWS views" same_as_kiwi "$doc"
        else
            failed=$((failed + 1)); failures+=("generate $family")
            note "FAIL  $GENERATOR $family $CROSSCHECK_VIEWS"
        fi
    done
fi

# --- 5b. the Python package ----------------------------------------------------
# pip install ./python (ctypes over the libplumbc built in 3a), then its tests:
# solve/batch/compiled/threads, plumb.kiwi against kiwisolver (call for call
# and on random systems), and matplotlib's constrained layout with plumb.kiwi
# in place of kiwisolver (matplotlib is installed if missing; without it that
# test is skipped).
python_package_tests() {
    PLUMB_LIBRARY=$CAPI/lib/libplumbc.so python3 -m unittest discover -s python/tests -t python/tests -v
}
if ! python3 -c "import matplotlib" >/dev/null 2>&1; then
    python3 -m pip install --quiet matplotlib >"$LOGS/pip-matplotlib.log" 2>&1 || true
fi
check "python: pip install ./python" python3 -m pip install --quiet ./python
if ((kiwi_ready == 0)); then
    skip "python package tests: kiwisolver missing (see $LOGS/pip-kiwisolver.log)"
else
    check "python: package tests (solve, batch, compiled, threads, plumb.kiwi vs kiwisolver, matplotlib)" \
        python_package_tests
fi

# --- 6. HiGHS cross-check on a coupled layout -------------------------------------
# The table family is one coupled component (presolve and the one-variable
# solver): its frames equal HiGHS's exact per-level LP solution
# (scripts/highs_solve.py) within 1e-6, at a wide root and at a narrow one
# where every column is capped.
# same_as_highs DOC [HIGHS FLAGS...]
same_as_highs() {
    local doc=$1 base
    shift
    base=$WORK/$(basename "$doc" .json)
    "$SWIFTPM_PLUMB" solve "$doc" --absolute -o "$base.plumb.json" &&
        python3 scripts/highs_solve.py "$doc" -o "$base.highs.json" "$@" &&
        python3 scripts/compare_frames.py "$base.plumb.json" "$base.highs.json" --tol "$TOLERANCE"
}
if ! python3 -c "import scipy" >/dev/null 2>&1; then
    python3 -m pip install --quiet scipy >"$LOGS/pip-scipy.log" 2>&1 || true
fi
if ((kiwi_ready == 0)) || ! python3 -c "import scipy" >/dev/null 2>&1; then
    skip "HiGHS cross-check: scipy or kiwisolver missing (the loader is kiwi_solve.py's)"
else
    for width in 1024 480; do
        doc=$WORK/table-1000-$width.json
        if python3 "$GENERATOR" table 1000 --width "$width" >"$doc"; then
            check "highs == plumb: table 1000 views, width $width" same_as_highs "$doc"
        else
            failed=$((failed + 1)); failures+=("generate table $width")
        fi
    done
    # The simplex stress families: one coupled component each, with
    # inequalities, degenerate vertices, 28 priority levels or constants from
    # 1e-3 to 1e6. HiGHS holds each level's optimal face exactly (--probe
    # implies the faces hold; the sum-with-slack hold cannot carry
    # priorities' 28 levels), then minimises and maximises a random
    # direction over the final face: status 4 if the optimum is not one
    # point, which would make the comparison meaningless.
    for family in "${STRESS_FAMILIES[@]}"; do
        views=${STRESS_SIZE[$family]:-$STRESS_VIEWS}
        doc=$WORK/$family-$views.json
        if python3 "$GENERATOR" "$family" "$views" >"$doc"; then
            check "highs == plumb, one optimum: $family $views views" same_as_highs "$doc" --probe 1
        else
            failed=$((failed + 1)); failures+=("generate $family")
            note "FAIL  $GENERATOR $family $views"
        fi
    done
fi

# The fuzz run's lane (section 3b) ends before Spark and DocC start.
lane_join fuzz

# --- 5c. Spark: RDD.pipe through plumb batch (docs/distributed.md) ------------
if command -v java >/dev/null 2>&1 || [[ -n "${JAVA_HOME:-}" ]]; then
    check "spark RDD.pipe through plumb batch equals one batch" \
        python3 scripts/spark_batch_test.py "$SWIFTPM_PLUMB"
else
    skip "spark RDD.pipe through plumb batch (no Java runtime: java not on PATH, JAVA_HOME unset)"
fi

# --- 5d. DocC catalogs build without warnings -----------------------------------
# docc_clean TARGET: generate the documentation; fail on any warning.
docc_clean() {
    local out
    out=$(swift package generate-documentation --target "$1" 2>&1) || { printf '%s\n' "$out"; return 1; }
    printf '%s\n' "$out"
    # SwiftPM's own note that it drops pkg-config's -pthread (Pango's flags)
    # is not a documentation warning.
    if printf '%s\n' "$out" | grep -i 'warning:' | grep -qv 'prohibited flag(s): -pthread'; then
        echo "DocC printed warnings for $1"
        return 1
    fi
}
check "docc: Plumb catalog, no warnings" docc_clean Plumb
check "docc: PlumbSolver catalog, no warnings" docc_clean PlumbSolver

finish
