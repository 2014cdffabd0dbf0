// The C interface of CClpSimplex.h over ClpSimplex. Each function is a thin
// forward; the model is a ClpSimplex, seen from C as PlumbClpModel.
#include "CClpSimplex.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include <coin/ClpConfig.h>
#include <coin/ClpDualRowDantzig.hpp>
#include <coin/ClpDualRowSteepest.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/CoinPresolveMatrix.hpp>
#include <coin/CoinPresolveSubst.hpp>
#include <coin/CoinPresolveUseless.hpp>
#include <coin/CoinPresolveZeros.hpp>
#include <coin/CoinSort.hpp>
#include <coin/ClpFactorization.hpp>
#include <coin/ClpPackedMatrix.hpp>
#include <coin/CoinFactorization.hpp>
#include <coin/ClpSimplex.hpp>
#include <coin/ClpSolve.hpp>

namespace {
struct Start;
void priceByLargestInfeasibility(ClpSimplex &simplex);
}

struct PlumbClpModel {
    ClpSimplex simplex;
    /// The basis and point `plumb_clp_keep_start` kept, until
    /// `plumb_clp_leave_start` (empty otherwise).
    std::shared_ptr<Start> start;
    /// Factorisations freed by `releaseFactorization` (see
    /// `plumb_clp_released_factorizations`).
    int releasedFactorizations = 0;
    /// Calls of `plumb_clp_presolved_dual` priced by the largest
    /// infeasibility.
    int largestInfeasibilitySolves = 0;
    /// Free rows `plumb_clp_presolved_dual` left out of the model it
    /// solved (see `freeRows`), over all its calls.
    long droppedRows = 0;
    /// Rows that repeat another it left out (see `repeatedBasicRows`),
    /// over all its calls.
    long droppedRepeats = 0;
    /// Its calls that solved by the primal simplex after presolve.
    int primalSolves = 0;
    /// Calls of `plumb_clp_primal` that kept Clp's set-up of the matrix
    /// (continuation 6 or 7).
    int setUpsKept = 0;
    /// The refactor interval of the last `plumb_clp_warm_primal` when it
    /// ended optimal keeping its work areas, until any other call on the
    /// model; 0 otherwise.
    int warmCarryInterval = 0;
    /// Calls of `plumb_clp_warm_primal` that took the set-up and the
    /// factorisation of the warm level before (continuation 7).
    int warmSetUpsCarried = 0;
    /// Calls of `plumb_clp_check_once` that took Clp's own weight of
    /// infeasibility off its default for the check (see there).
    int checksComputedOnce = 0;
    /// Zero trials that took Clp's set-up of the matrix from the check
    /// before them (see `plumb_clp_zero_trial`).
    int zeroTrialSetUps = 0;
    /// Set by `plumb_clp_promoted_dual` for its call of
    /// `plumb_clp_presolved_dual`: the presolve makes none of Clp's dual
    /// reductions.
    bool withoutDualReductions = false;
    /// Presolve action bits `plumb_clp_presolved_dual` adds to its own
    /// (see `plumb_clp_set_added_presolve_actions`).
    int addedPresolveActions = 0;
    /// Presolves that made none for that reason (see there).
    int promotionsWithoutDualReductions = 0;
    /// Promotions probed by `plumb_clp_probed_promoted_dual`, and those it
    /// proved infeasible, over the model's life.
    int promotionProbes = 0;
    int promotionsProvedInfeasible = 0;
    /// Set by `plumb_clp_set_keeps_matrix_checks`: this model's duals may
    /// answer Clp's check of the matrix from one it passed before (cgclp65).
    bool keepsMatrixChecks = false;
    /// Set by `plumb_clp_set_keeps_presolve_matrix_checks`: Clp's presolve
    /// of this model in `plumb_clp_presolved_dual` keeps its check of the
    /// matrix, and answers it from one kept (first69).
    bool keepsPresolveMatrixChecks = false;
};

namespace {
/// The model whose dual (`dualFromBasis`) is running on this thread, when
/// it keeps its matrix checks; else null (see `allElementsInRange` below).
thread_local const PlumbClpModel *matrixCheckOwner = nullptr;
/// The model whose presolved solve (`plumb_clp_presolved_dual`) is running
/// on this thread, and its simplex: Clp's presolve checks that simplex's
/// matrix first, as a dual's start would (first69; see
/// `allElementsInRange` below). Null otherwise.
thread_local const PlumbClpModel *presolveCheckOwner = nullptr;
thread_local const ClpModel *presolveCheckModel = nullptr;
/// 1: a presolved solve's check of its own model's matrix, for a model
/// that keeps them, is kept and answered as a replay's dual's is (the
/// default); 0: Clp's own.
thread_local int presolveMatrixCheckMode = 1;
}  // namespace

namespace {

/// Frees the arrays of the model's factorisation, when a solve kept them
/// (Clp frees them at the end of a solve unless asked to keep them, as
/// `plumb_clp_primal`'s continuation 1 does); the next solve that
/// factorises allocates them again. Whether there were arrays to free.
bool freeKeptFactorization(PlumbClpModel *model) {
    ClpFactorization *factorization = model->simplex.factorization();
    if (factorization == nullptr) return false;
    CoinFactorization *kept = factorization->coinFactorization();
    if (kept == nullptr || kept->lengthAreaU() == 0) return false;
    factorization->clearArrays();
    return true;
}

/// `freeKeptFactorization`, counted in the model's `releasedFactorizations`.
void releaseFactorization(PlumbClpModel *model) {
    if (freeKeptFactorization(model)) model->releasedFactorizations += 1;
}

/// The free rows of `simplex` (no finite bound), increasing: a lower
/// level's rows that `ClpPartSolver` opened, held equalities it freed.
/// Clp's presolve drops them too, but takes each one's entries out of its
/// columns by a search down the column; on `levels`' part the four
/// box-left columns hold 10,000 entries each at 10,000 views.
std::vector<int> freeRows(const ClpSimplex &simplex) {
    const double *lower = simplex.getRowLower(), *upper = simplex.getRowUpper();
    std::vector<int> rows;
    for (int i = 0; i < simplex.numberRows(); i++) {
        if (lower[i] <= -1e29 && upper[i] >= 1e29) rows.push_back(i);
    }
    return rows;
}

/// The rows of `simplex` that repeat another row it keeps and can go
/// with their slack: the same entries, exactly, on every column not fixed
/// at 0 (a held level's row whose error columns are fixed is the required
/// row it restates), bounds no tighter than the kept row's, and the slack
/// basic. The kept row of a group of equal rows is its first row whose
/// slack is not basic (else its first row), so every row left out has a
/// basic slack: taking the row and its slack out of a regular basis leaves
/// the rest of it regular and every reduced cost as it was, and the row
/// holds wherever the kept one does. Rows in `skip` (free rows, left out
/// anyway) are not looked at. Increasing.
std::vector<int> repeatedBasicRows(const ClpSimplex &simplex, const std::vector<int> &skip) {
    const int rows = simplex.numberRows();
    std::vector<char> skipped(static_cast<size_t>(rows), 0);
    for (int i : skip) skipped[i] = 1;
    CoinPackedMatrix byRow;
    byRow.reverseOrderedCopyOf(*simplex.matrix());
    const CoinBigIndex *start = byRow.getVectorStarts();
    const int *length = byRow.getVectorLengths();
    const int *index = byRow.getIndices();
    const double *element = byRow.getElements();
    const double *columnLower = simplex.getColLower(), *columnUpper = simplex.getColUpper();
    const double *rowLower = simplex.getRowLower(), *rowUpper = simplex.getRowUpper();
    // Each row's entries on the columns not fixed at 0, by column.
    std::vector<std::vector<std::pair<int, double>>> terms(static_cast<size_t>(rows));
    // (hash of the terms, row), sorted: equal rows end up side by side.
    std::vector<std::pair<uint64_t, int>> keyed;
    keyed.reserve(static_cast<size_t>(rows));
    for (int i = 0; i < rows; i++) {
        if (skipped[i]) continue;
        std::vector<std::pair<int, double>> &row = terms[static_cast<size_t>(i)];
        for (CoinBigIndex k = start[i]; k < start[i] + length[i]; k++) {
            const int j = index[k];
            if (columnLower[j] == 0 && columnUpper[j] == 0) continue;
            row.emplace_back(j, element[k]);
        }
        std::sort(row.begin(), row.end());
        uint64_t hash = row.size();
        for (const auto &term : row) {
            uint64_t bits;
            std::memcpy(&bits, &term.second, sizeof bits);
            hash = (hash * 0x100000001b3ull) ^ static_cast<uint64_t>(term.first);
            hash = (hash * 0x100000001b3ull) ^ bits;
        }
        keyed.emplace_back(hash, i);
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<int> drop;
    for (size_t first = 0; first < keyed.size();) {
        size_t end = first + 1;
        while (end < keyed.size() && keyed[end].first == keyed[first].first) end++;
        if (end - first >= 2) {
            int kept = keyed[first].second;
            for (size_t c = first; c < end; c++) {
                if (simplex.getRowStatus(keyed[c].second) != ClpSimplex::basic) {
                    kept = keyed[c].second;
                    break;
                }
            }
            const auto &keptTerms = terms[static_cast<size_t>(kept)];
            for (size_t c = first; c < end; c++) {
                const int i = keyed[c].second;
                if (i == kept || simplex.getRowStatus(i) != ClpSimplex::basic) continue;
                if (terms[static_cast<size_t>(i)] != keptTerms) continue;
                if (rowLower[i] <= rowLower[kept] && rowUpper[i] >= rowUpper[kept]) drop.push_back(i);
            }
        }
        first = end;
    }
    std::sort(drop.begin(), drop.end());
    return drop;
}

/// Solves `simplex` by `initialSolve(options)` on a copy without the free
/// rows `drop` (increasing), and puts the copy's answer back: its columns'
/// values, reduced costs and statuses, its rows' duals and statuses; each
/// dropped row basic with a dual of 0, every row's activity from the
/// columns. A free row holds everywhere, and with its slack basic and its
/// dual 0 the basis stays regular and every reduced cost is as in the
/// copy: the copy's optimal basis is optimal here.
void solveWithout(ClpSimplex &simplex, const std::vector<int> &drop, ClpSolve &options) {
    const int columns = simplex.numberColumns(), rows = simplex.numberRows();
    if (simplex.statusArray() == nullptr) simplex.createStatus();
    ClpSimplex copy(simplex);
    copy.deleteRows(static_cast<int>(drop.size()), drop.data());
    copy.initialSolve(options);
    std::copy(copy.primalColumnSolution(), copy.primalColumnSolution() + columns, simplex.primalColumnSolution());
    std::copy(copy.dualColumnSolution(), copy.dualColumnSolution() + columns, simplex.dualColumnSolution());
    std::vector<unsigned char> status(copy.statusArray(), copy.statusArray() + columns);
    status.resize(static_cast<size_t>(columns) + rows);
    double *dual = simplex.dualRowSolution();
    size_t next = 0;
    for (int i = 0, kept = 0; i < rows; i++) {
        if (next < drop.size() && drop[next] == i) {
            next++;
            status[columns + i] = ClpSimplex::basic;
            dual[i] = 0;
        } else {
            status[columns + i] = copy.statusArray()[columns + kept];
            dual[i] = copy.dualRowSolution()[kept];
            kept++;
        }
    }
    simplex.copyinStatus(status.data());
    double *activity = simplex.primalRowSolution();
    std::fill(activity, activity + rows, 0.0);
    simplex.matrix()->times(simplex.primalColumnSolution(), activity);
    simplex.setProblemStatus(copy.problemStatus());
    simplex.setSecondaryStatus(copy.secondaryStatus());
    simplex.setObjectiveValue(copy.objectiveValue());
    simplex.setNumberIterations(copy.numberIterations());
    // The arrays were written behind Clp's back: the next solve sets up
    // everything afresh.
    simplex.setWhatsChanged(0);
}

}  // namespace

namespace {
/// Drop what this thread kept for `owner` (defined with what they drop).
void forgetKeptMatrixChecks(const PlumbClpModel *owner);
void forgetKeptFactorizations(const PlumbClpModel *owner);
}  // namespace

extern "C" {

PlumbClpModel *plumb_clp_new(int columns, const double *columnLower, const double *columnUpper,
                             int rows, const double *rowLower, const double *rowUpper,
                             const int *rowStarts, const int *columnIndices, const double *elements) {
    PlumbClpModel *model = new (std::nothrow) PlumbClpModel();
    if (model == nullptr) return nullptr;
    ClpSimplex &simplex = model->simplex;
    simplex.setLogLevel(0);
    // Columns first, with no entries; then the rows, which Plumb holds row by row.
    std::vector<CoinBigIndex> emptyStarts(static_cast<size_t>(columns) + 1, 0);
    simplex.loadProblem(columns, 0, emptyStarts.data(), nullptr, nullptr,
                        columnLower, columnUpper, nullptr, nullptr, nullptr);
    std::vector<CoinBigIndex> starts(rowStarts, rowStarts + rows + 1);
    simplex.addRows(rows, rowLower, rowUpper, starts.data(), columnIndices, elements);
    return model;
}

void plumb_clp_free(PlumbClpModel *model) {
    // What this thread kept for the model (cgclp65's matrix checks,
    // cgfac66's factorisations) goes with it: a model made later at the
    // same address must not find it (its answer would still be Clp's, as
    // every input is compared, but it would hold memory and counts that
    // are not the new model's).
    forgetKeptMatrixChecks(model);
    forgetKeptFactorizations(model);
    delete model;
}

void plumb_clp_add_columns(PlumbClpModel *model, int count, const double *lower, const double *upper,
                           const int *starts, const int *rows, const double *elements) {
    model->warmCarryInterval = 0;
    std::vector<CoinBigIndex> columnStarts(starts, starts + count + 1);
    model->simplex.addColumns(count, lower, upper, nullptr, columnStarts.data(), rows, elements);
}

void plumb_clp_add_rows(PlumbClpModel *model, int count, const double *lower, const double *upper,
                        const int *starts, const int *columns, const double *elements) {
    model->warmCarryInterval = 0;
    std::vector<CoinBigIndex> rowStarts(starts, starts + count + 1);
    model->simplex.addRows(count, lower, upper, rowStarts.data(), columns, elements);
}

void plumb_clp_set_element_for_tests(PlumbClpModel *model, int row, int column, double value) {
    ClpSimplex &simplex = model->simplex;
    simplex.modifyCoefficient(row, column, value);
    if (ClpMatrixBase *rowCopy = simplex.rowCopy()) rowCopy->modifyCoefficient(row, column, value);
    // Behind Clp's back: the next solve sets up everything afresh.
    simplex.setWhatsChanged(0);
}

int plumb_clp_columns(const PlumbClpModel *model) { return model->simplex.numberColumns(); }
int plumb_clp_rows(const PlumbClpModel *model) { return model->simplex.numberRows(); }

void plumb_clp_set_tolerances(PlumbClpModel *model, double primal, double dual) {
    model->simplex.setPrimalTolerance(primal);
    model->simplex.setDualTolerance(dual);
}

void plumb_clp_set_objective(PlumbClpModel *model, const double *objective) {
    model->simplex.chgObjCoefficients(objective);
}

void plumb_clp_set_column_upper(PlumbClpModel *model, const double *upper) {
    model->simplex.chgColumnUpper(upper);
}

void plumb_clp_set_row_bounds(PlumbClpModel *model, const double *lower, const double *upper) {
    model->simplex.chgRowLower(lower);
    model->simplex.chgRowUpper(upper);
}

const double *plumb_clp_column_lower(const PlumbClpModel *model) { return model->simplex.getColLower(); }
const double *plumb_clp_column_upper(const PlumbClpModel *model) { return model->simplex.getColUpper(); }
const double *plumb_clp_row_lower(const PlumbClpModel *model) { return model->simplex.getRowLower(); }
const double *plumb_clp_row_upper(const PlumbClpModel *model) { return model->simplex.getRowUpper(); }
const double *plumb_clp_solution(const PlumbClpModel *model) { return model->simplex.getColSolution(); }
const double *plumb_clp_row_activity(const PlumbClpModel *model) { return model->simplex.getRowActivity(); }
const double *plumb_clp_row_duals(const PlumbClpModel *model) { return model->simplex.getRowPrice(); }
const double *plumb_clp_reduced_costs(const PlumbClpModel *model) { return model->simplex.getReducedCost(); }

// `checkSetUpKept`: what bit 4 of `continuation` skips, with bit 2. Clp's
// start-and-finish bit 4 takes the matrix as it was at the last solve when
// its record says the row and column counts are the same (bit 2 sets that
// record): it keeps the row copy and the work arrays it made then, and does
// not look for duplicate entries again. Special option 128 leaves out its
// sanity check of the bounds and costs (crossed bounds, huge numbers),
// which the caller answers for: between the call that kept the
// factorisation and this one only bounds were made equal to one of their
// own ends and rows freed (`ClpPartSolver.holdFace`,
// `PartModel.freeImpliedEqualities`) and the objective set to a level's
// weights. Clp still scales the matrix afresh, copies every bound and cost
// into its work arrays and computes the point and the prices as before.
// A check's pricing without weights when the heap is given back (mem61, at
// the end of the file).
static ClpPrimalColumnPivot *priceCheckPlainly(ClpSimplex &simplex, int maximumPivots);
static void putBackCheckPricing(ClpSimplex &simplex, ClpPrimalColumnPivot *kept);

// `plumb_clp_primal` without its count of kept set-ups (`plumb_clp_warm_primal`
// counts its own).
static int primalContinuing(PlumbClpModel *model, int maximumPivots, int refactorEvery, int continuation) {
    ClpSimplex &simplex = model->simplex;
    ClpPrimalColumnPivot *const keptPricing = priceCheckPlainly(simplex, maximumPivots);
    const int usual = simplex.factorizationFrequency();
    simplex.setMaximumIterations(maximumPivots);
    simplex.setFactorizationFrequency(refactorEvery);
    // ClpSimplex's start-and-finish bits: 1 keeps the work areas and the
    // factorisation at the end, 2 starts from the kept factorisation.
    if (continuation & 2) {
        // Clp starts from the kept factorisation only when its record of
        // changes says the matrix and the basis are as they were; setting
        // the objective or bounds (`chgObjCoefficients`, `chgRowLower`,
        // ...) clears that whole record, though the basis matrix, which
        // depends on the matrix and the statuses alone, is the same. The
        // caller promises both unchanged; the bounds' and the objective's
        // bits stay as they are, so Clp copies those again.
        simplex.setWhatsChanged(simplex.whatsChanged() | ROW_COLUMN_COUNTS_SAME | MATRIX_SAME | BASIS_SAME);
    }
    // Bit 4, only with 2: Clp's set-up of the matrix is skipped as well
    // (`checkSetUpKept`).
    const bool keepSetUp = (continuation & 6) == 6;
    const int usualSpecial = simplex.specialOptions();
    if (keepSetUp) simplex.setSpecialOptions(usualSpecial | 128);
    simplex.primal(0, continuation & (keepSetUp ? 7 : 3));
    if (keepSetUp) simplex.setSpecialOptions(usualSpecial);
    simplex.setFactorizationFrequency(usual);
    simplex.setMaximumIterations(INT_MAX);
    putBackCheckPricing(simplex, keptPricing);
    return simplex.status();
}

int plumb_clp_primal(PlumbClpModel *model, int maximumPivots, int refactorEvery, int continuation) {
    model->warmCarryInterval = 0;
    if ((continuation & 6) == 6) model->setUpsKept += 1;
    return primalContinuing(model, maximumPivots, refactorEvery, continuation);
}

// A warm level's primal from the factorisation and set-up the
// warm level before it kept. Continuation 7 is taken only where the last
// call of this function ended optimal keeping its work areas (continuation
// bit 1), at the same refactor interval (the factorisation's update area
// was sized for it: a kept factorisation taken at a larger interval
// overran it, see `reusesCheckFactorization`), and with Clp's
// factorisation fresh, no update since it was made (Clp refactorises the
// basis when it ends optimal after pivots): so the factorisation is the
// one a fresh start would make of the same basis. Any other call on the
// model in between (a check, a dual, a basis set) clears the record; the
// caller answers for the rest of continuation 7's contract (only bounds
// and the objective changed since). Otherwise the call starts afresh
// (continuation 1), as a probe did before.
int plumb_clp_warm_primal(PlumbClpModel *model, int maximumPivots, int refactorEvery, int continuation) {
    const int carried = model->warmCarryInterval;
    model->warmCarryInterval = 0;
    if ((continuation & 4) != 0) {
        const ClpFactorization *factorization = model->simplex.factorization();
        const CoinFactorization *kept = factorization ? factorization->coinFactorization() : nullptr;
        const bool fresh = kept != nullptr && kept->lengthAreaU() != 0 && factorization->pivots() == 0;
        if (carried == refactorEvery && fresh) {
            model->warmSetUpsCarried += 1;
        } else {
            continuation = 1;
        }
    }
    const int status = primalContinuing(model, maximumPivots, refactorEvery, continuation);
    if (status == 0 && (continuation & 1) != 0) model->warmCarryInterval = refactorEvery;
    return status;
}

int plumb_clp_warm_set_ups_carried(const PlumbClpModel *model) { return model->warmSetUpsCarried; }

// The entries of an array of `count` doubles other than +0.0, bit for bit
// (a -0.0 is kept): what `putBack` needs to write the array again exactly.
// The shim keeps the point's columns and a level's costs this way through a
// dual, where most of the columns are a level's error columns at 0 (the
// whole arrays, beside Clp's work areas, were part of the process's peak).
static std::vector<std::pair<int, double>> entriesOtherThanZero(const double *values, int count) {
    std::vector<std::pair<int, double>> entries;
    for (int j = 0; j < count; j++) {
        uint64_t bits;
        std::memcpy(&bits, &values[j], sizeof bits);
        if (bits != 0) entries.emplace_back(j, values[j]);
    }
    return entries;
}

// Writes back into `values` (`count` doubles) what `entriesOtherThanZero`
// kept: +0.0 everywhere else.
static void putBack(const std::vector<std::pair<int, double>> &entries, double *values, int count) {
    std::fill(values, values + count, 0.0);
    for (const auto &entry : entries) values[entry.first] = entry.second;
}

// `plumb_clp_dual` with Clp's start-and-finish `options`: 0, or 4 to take
// Clp's set-up of the matrix from the call before (see
// `plumb_clp_zero_trial`).
namespace {
// A model's basis and point (its columns' values and its rows' activities),
// kept to be put back exactly; nothing when the model has no basis yet.
struct Start {
    std::vector<unsigned char> status;
    std::vector<std::pair<int, double>> columnValues;
    std::vector<double> rowValues;

    explicit Start(const ClpSimplex &simplex) {
        const int columns = simplex.numberColumns(), rows = simplex.numberRows();
        if (simplex.statusArray() == nullptr) return;
        status.assign(simplex.statusArray(), simplex.statusArray() + columns + rows);
        columnValues = entriesOtherThanZero(simplex.primalColumnSolution(), columns);
        rowValues.assign(simplex.primalRowSolution(), simplex.primalRowSolution() + rows);
    }

    void putBackInto(ClpSimplex &simplex) const {
        if (status.empty()) return;
        std::copy(status.begin(), status.end(), simplex.statusArray());
        putBack(columnValues, simplex.primalColumnSolution(), simplex.numberColumns());
        std::copy(rowValues.begin(), rowValues.end(), simplex.primalRowSolution());
    }
};
}  // namespace

static int dualFromBasis(PlumbClpModel *model, int maximumPivots, int options) {
    model->warmCarryInterval = 0;
    ClpSimplex &simplex = model->simplex;
    // The basis and point to put back if the dual does not end optimal.
    const Start start(simplex);
    const int special = simplex.specialOptions();
    if (options & 4) {
        // Setting bounds and the objective cleared Clp's record of what
        // changed; the caller answers for the matrix and the counts.
        simplex.setWhatsChanged(simplex.whatsChanged() | ROW_COLUMN_COUNTS_SAME | MATRIX_SAME);
        simplex.setSpecialOptions(special | 128);
    }
    simplex.setMaximumIterations(maximumPivots);
    matrixCheckOwner = model->keepsMatrixChecks ? model : nullptr;
    simplex.dual(0, options);
    matrixCheckOwner = nullptr;
    simplex.setMaximumIterations(INT_MAX);
    simplex.setSpecialOptions(special);
    const int result = simplex.status();
    if (result != 0) start.putBackInto(simplex);
    return result;
}

void plumb_clp_set_keeps_matrix_checks(PlumbClpModel *model, int keeps) { model->keepsMatrixChecks = keeps != 0; }
void plumb_clp_set_keeps_presolve_matrix_checks(PlumbClpModel *model, int keeps) {
    model->keepsPresolveMatrixChecks = keeps != 0;
}

void plumb_clp_keep_start(PlumbClpModel *model) { model->start = std::make_shared<Start>(model->simplex); }

void plumb_clp_leave_start(PlumbClpModel *model, int putBack) {
    if (putBack && model->start) model->start->putBackInto(model->simplex);
    model->start.reset();
}

int plumb_clp_dual(PlumbClpModel *model, int maximumPivots) { return dualFromBasis(model, maximumPivots, 0); }

// `plumb_clp_dual_without_costs` with `dualFromBasis`'s `options`. The
// costs are kept through the dual as `entriesOtherThanZero` (a level's
// error columns), and each array of every column handed to Clp is let go
// once Clp has copied it (two columns' worth of doubles beside Clp's work
// areas through the trial: 24 MB on `levels` at 100,000 views).
// What `chgObjCoefficients` does with an array of `entries` (+0.0 elsewhere),
// written into Clp's costs in place: no array of every column is made and
// freed just before the trial's dual, whose large blocks would land on its
// touched pages (BENCHMARKS.md, mem58).
static void setCosts(ClpSimplex &simplex, const std::vector<std::pair<int, double>> &entries) {
    simplex.setWhatsChanged(0);
    if (double *costs = simplex.objective()) putBack(entries, costs, simplex.numberColumns());
}

static int dualWithoutCosts(PlumbClpModel *model, int maximumPivots, int options) {
    ClpSimplex &simplex = model->simplex;
    const int columns = simplex.numberColumns();
    const std::vector<std::pair<int, double>> costs = entriesOtherThanZero(simplex.objective(), columns);
    setCosts(simplex, {});
    const int result = dualFromBasis(model, maximumPivots, options);
    setCosts(simplex, costs);
    return result;
}

int plumb_clp_dual_without_costs(PlumbClpModel *model, int maximumPivots) {
    return dualWithoutCosts(model, maximumPivots, 0);
}

int plumb_clp_presolved_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int doubletons,
                             int largestInfeasibility, int dropFreeRows, int refactorEvery, int feasibleStart) {
    model->warmCarryInterval = 0;
    ClpSimplex &simplex = model->simplex;
    ClpSolve options;
    options.setSolveType(feasibleStart ? ClpSolve::usePrimal : ClpSolve::useDual);
    if (feasibleStart) model->primalSolves += 1;
    if (presolvePasses > 0) {
        options.setPresolveType(ClpSolve::presolveNumber, presolvePasses);
    } else if (presolvePasses < 0) {
        // No presolve: the dual starts from the model's basis as it is.
        options.setPresolveType(ClpSolve::presolveOff);
    }
    // ClpPresolve's action bits: 8, no tripleton substitutions, always
    // (Plumb's presolve pivots on short required equalities before Clp sees
    // them, and along the chains that promoted and held levels leave,
    // Clp's substitutions grow quadratic); 4, no doubleton substitutions.
    int actions = options.presolveActions() | 8;
    if (!doubletons) actions |= 4;
    // 1, none of its dual reductions, for the primal from a feasible start
    // (`feasibleStart` 1, not 2): on `degenerate`'s greedy level they make
    // each shelf's last right edge tight at the margin, one row a shelf,
    // which the doubleton substitution then takes into the shared box-left
    // column; each substitution and its postsolve walk that column (an
    // entry a shelf), O(shelves^2) in all.
    if (feasibleStart == 1) actions |= 1;
    actions |= model->addedPresolveActions;
    if (model->withoutDualReductions) {
        actions |= 1;
        model->promotionsWithoutDualReductions += 1;
    }
    options.setPresolveActions(actions);
    // The factorisation the last solve left (a warm primal keeps its own)
    // is of no use to a fresh solve, and presolve would copy it into the
    // model it makes: freed first, it is neither kept nor copied.
    releaseFactorization(model);
    // The presolved model Clp makes copies the original's pricing; the
    // original's is put back afterwards, so the other calls keep theirs.
    ClpDualRowPivot *usual = nullptr;
    if (largestInfeasibility) {
        usual = simplex.dualRowPivot()->clone(true);
        priceByLargestInfeasibility(simplex);
        model->largestInfeasibilitySolves += 1;
    }
    simplex.setMaximumIterations(maximumPivots);
    // The presolved model copies the original's refactorisation interval.
    const int usualInterval = simplex.factorizationFrequency();
    if (refactorEvery > 0) simplex.setFactorizationFrequency(refactorEvery);
    std::vector<int> drop = dropFreeRows ? freeRows(simplex) : std::vector<int>();
    const size_t freeCount = drop.size();
    if (dropFreeRows && feasibleStart && simplex.statusArray() != nullptr) {
        const std::vector<int> repeats = repeatedBasicRows(simplex, drop);
        model->droppedRepeats += static_cast<long>(repeats.size());
        std::vector<int> both(drop.size() + repeats.size());
        std::merge(drop.begin(), drop.end(), repeats.begin(), repeats.end(), both.begin());
        drop.swap(both);
    }
    if (drop.empty()) {
        // Presolve checks this model's matrix with the check a dual's start
        // makes (`createRim`'s): kept, it answers the next solve's, and a
        // replay's first start (first69).
        if (presolveMatrixCheckMode != 0 && model->keepsPresolveMatrixChecks) {
            presolveCheckOwner = model;
            presolveCheckModel = &simplex;
        }
        simplex.initialSolve(options);
        presolveCheckOwner = nullptr;
        presolveCheckModel = nullptr;
    } else {
        model->droppedRows += static_cast<long>(freeCount);
        solveWithout(simplex, drop, options);
    }
    simplex.setFactorizationFrequency(usualInterval);
    simplex.setMaximumIterations(INT_MAX);
    if (usual != nullptr) {
        simplex.setDualRowPivotAlgorithm(*usual);
        delete usual;
    }
    return simplex.status();
}

void plumb_clp_set_added_presolve_actions(PlumbClpModel *model, int actions) {
    model->addedPresolveActions = actions;
}

int plumb_clp_basis(const PlumbClpModel *model, unsigned char *status) {
    const ClpSimplex &simplex = model->simplex;
    const unsigned char *kept = simplex.statusArray();
    if (kept == nullptr) return 0;
    std::copy(kept, kept + simplex.numberColumns() + simplex.numberRows(), status);
    return 1;
}

void plumb_clp_set_basis(PlumbClpModel *model, const unsigned char *status) {
    model->warmCarryInterval = 0;
    model->simplex.copyinStatus(status);
}

int plumb_clp_status(const PlumbClpModel *model) { return model->simplex.status(); }
int plumb_clp_pivots(const PlumbClpModel *model) { return model->simplex.numberIterations(); }
int plumb_clp_released_factorizations(const PlumbClpModel *model) { return model->releasedFactorizations; }
int plumb_clp_largest_infeasibility_solves(const PlumbClpModel *model) { return model->largestInfeasibilitySolves; }
long plumb_clp_dropped_rows(const PlumbClpModel *model) { return model->droppedRows; }
long plumb_clp_dropped_repeats(const PlumbClpModel *model) { return model->droppedRepeats; }
int plumb_clp_primal_solves(const PlumbClpModel *model) { return model->primalSolves; }
int plumb_clp_set_ups_kept(const PlumbClpModel *model) { return model->setUpsKept; }

int plumb_clp_unbounded_ray(const PlumbClpModel *model, double *ray) {
    // `unboundedRay` hands out a copy (new[]) when the status is 2 and Clp
    // kept a ray, else NULL.
    double *copy = model->simplex.unboundedRay();
    if (copy == nullptr) return 0;
    std::memcpy(ray, copy, sizeof(double) * model->simplex.numberColumns());
    delete[] copy;
    return 1;
}


// `ClpPartSolver.holdsAtZero`'s trial, as `plumb_clp_dual_without_costs`
// runs it, when the call just before was a check that kept Clp's work
// areas (`afterCheckSetUp` not 0; the caller answers for the matrix and
// the counts being the same, and for only bounds, the objective and
// statuses having changed since): the dual then takes Clp's set-up of the
// matrix as the check left it (start-and-finish bit 4 with special option
// 128, as `plumb_clp_primal`'s continuation 7 does). It does not start
// from the check's factorisation (no bit 2, no BASIS_SAME: the rows opened
// for the trial may have changed the basis), Clp scales the matrix afresh
// (fixing the level's error columns can change the scale factors), and
// the work areas are freed at the end as before.
static void giveBackFreedHeap();  // (mem59, at the end of the file)

int plumb_clp_zero_trial(PlumbClpModel *model, int maximumPivots, int afterCheckSetUp) {
    if (afterCheckSetUp) model->zeroTrialSetUps += 1;
    giveBackFreedHeap();
    const int result = dualWithoutCosts(model, maximumPivots, afterCheckSetUp ? 4 : 0);
    giveBackFreedHeap();
    return result;
}

int plumb_clp_zero_trial_set_ups(const PlumbClpModel *model) { return model->zeroTrialSetUps; }

// A promotion's solve (`ClpPartSolver.promote`): `plumb_clp_presolved_dual`
// with `presolvePasses` and `maximumPivots`, doubletons on, and, when
// `dualReductions` is 0, the presolve making none of Clp's dual reductions
// (action bit 1). On `priorities` the part's guide column has an entry for
// every row of items (`item.left >= guide.right + 4`); with the dual
// reductions, the doubleton and implied-free substitutions carried the
// guide into row after row they rewrote (without them, none): each such
// entry was added after a search of the whole guide column for it, and
// postsolve took each out again by a walk down the column, O(rows^2) in
// all (BENCHMARKS.md, subst41).
int plumb_clp_promoted_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int dualReductions) {
    model->withoutDualReductions = dualReductions == 0;
    const int status = plumb_clp_presolved_dual(model, presolvePasses, maximumPivots, 1, 0, 0, 0, 0);
    model->withoutDualReductions = false;
    return status;
}

int plumb_clp_promotions_without_dual_reductions(const PlumbClpModel *model) {
    return model->promotionsWithoutDualReductions;
}

}  // extern "C"

namespace {

/// What a promotion's probe found (see `plumb_clp_probed_promoted_dual`),
/// shared by the pricing object and the copies Clp makes of it.
struct PromotionProbe {
    const ClpSimplex *original = nullptr;
    bool ran = false;
    bool infeasible = false;
    int probePivots = 0;
    /// Whether the probe runs when the dual first saves its weights, before
    /// it pivots, rather than once it has pivoted.
    bool fromStart = false;
    /// The usual dual's pivots after which the probe runs if no
    /// refactorisation came first (see `ProbingSteepest::pivotRow`).
    int afterPivots = 0;
};

/// Runs `pivots` dual pivots priced by the largest infeasibility on a
/// model made from `presolved`'s data and its basis as they stand (the
/// presolved model is not touched) and answers whether Clp proved that
/// model primal infeasible within them.
bool provedInfeasible(const ClpSimplex &presolved, const ClpSimplex &original, int pivots) {
    ClpSimplex probe;
    probe.setLogLevel(0);
    probe.loadProblem(*presolved.matrix(), presolved.columnLower(), presolved.columnUpper(),
                      presolved.objective(), presolved.rowLower(), presolved.rowUpper());
    // The statuses alone, without the flags Clp's dual keeps beside them.
    if (const unsigned char *status = presolved.statusArray()) {
        std::vector<unsigned char> plain(status, status + presolved.numberRows() + presolved.numberColumns());
        for (unsigned char &s : plain) s &= 7;
        probe.copyinStatus(plain.data());
    }
    probe.setPrimalTolerance(original.primalTolerance());
    probe.setDualTolerance(original.dualTolerance());
    probe.setPerturbation(original.perturbation());
    ClpDualRowDantzig largest;
    probe.setDualRowPivotAlgorithm(largest);
    probe.setMaximumIterations(pivots);
    probe.dual(0);
    return probe.status() == 1;
}

/// The model's steepest-edge pricing, unchanged, but for one thing: the
/// first time Clp's dual on a model other than the original (the
/// presolved model) either saves its weights to refactorise on its way
/// (after it has pivoted, not to confirm an end it found) or has made
/// `afterPivots` pivots, it first probes that model from its basis as it
/// stands with a few pivots priced by the largest infeasibility (see
/// `provedInfeasible`). When the probe proves it infeasible, the presolved
/// model's pivot limit becomes the pivots it has made, so its dual stops
/// there, as a promotion capped at that many pivots would. A promotion
/// that ends before either (most that hold: `chartgrid`'s a dozen pivots;
/// on the benchmark documents only `chartgrid --width 480` at 30,000
/// views gets that far, BENCHMARKS.md cg58) is never probed.
class ProbingSteepest : public ClpDualRowSteepest {
public:
    ProbingSteepest(const ClpDualRowSteepest &usual, PromotionProbe *probe)
        : ClpDualRowSteepest(usual), probe_(probe) {}
    ClpDualRowPivot *clone(bool copyData = true) const override {
        ClpDualRowPivot *plain = ClpDualRowSteepest::clone(copyData);
        ProbingSteepest *copy = new ProbingSteepest(*static_cast<ClpDualRowSteepest *>(plain), probe_);
        delete plain;
        return copy;
    }
    /// The row to leave, as steepest edge chooses it; before it, once the
    /// usual dual has made `afterPivots` pivots, the probe if it has not
    /// run. When the probe proves infeasibility the pivot limit becomes
    /// the pivots made, and Clp, which checks the limit after each pivot,
    /// stops after the one it is making.
    int pivotRow() override {
        if (probe_->afterPivots > 0 && model_->numberIterations() >= probe_->afterPivots) probeOnce(model_);
        return ClpDualRowSteepest::pivotRow();
    }
    void saveWeights(ClpSimplex *model, int mode) override {
        // Status -2: the dual refactorises on its way, not to confirm an
        // end it has found (then -1 or -3, as on `chartgrid`'s and the
        // width-480 grid's promotions up to 10,000 views).
        const bool onItsWay = model->numberIterations() > 0 && model->problemStatus() == -2;
        if (probe_->fromStart || onItsWay) probeOnce(model);
        ClpDualRowSteepest::saveWeights(model, mode);
    }

private:
    /// The probe on `model` unless it ran already or `model` is the
    /// original (the presolved model is the one probed).
    void probeOnce(ClpSimplex *model) {
        if (probe_->ran || model == probe_->original) return;
        probe_->ran = true;
        probe_->infeasible = provedInfeasible(*model, *probe_->original, probe_->probePivots);
        if (probe_->infeasible) model->setMaximumIterations(model->numberIterations());
    }

    PromotionProbe *probe_;
};

}  // namespace

extern "C" {

// `plumb_clp_promoted_dual`, its presolved model probed, once its dual has
// pivoted and refactorises or has made `afterPivots` pivots (0: as many as
// `probePivots`), whichever comes first, with `probePivots` pivots priced by the largest
// infeasibility on a model of its own (see `ProbingSteepest`). When the
// probe proves the promotion infeasible, the usual dual stops there and
// the postsolved basis is the one it reached;
// otherwise, or when no probe was made, the usual dual solves the
// presolved model exactly as `plumb_clp_promoted_dual` does (the same
// pricing, weights and start; the probe changes nothing of it). Returns
// Clp's status, 5 ("stopped") when the probe proved infeasibility. When
// the model's pricing is not steepest edge, no probe is made. With
// `fromStart` (for the tests) the probe runs before the dual's first
// pivot, and when it proves infeasibility the dual makes none.
int plumb_clp_probed_promoted_dual(PlumbClpModel *model, int presolvePasses, int maximumPivots, int dualReductions,
                                   int probePivots, int fromStart, int afterPivots) {
    ClpSimplex &simplex = model->simplex;
    const ClpDualRowSteepest *usual = dynamic_cast<const ClpDualRowSteepest *>(simplex.dualRowPivot());
    if (usual == nullptr || probePivots <= 0)
        return plumb_clp_promoted_dual(model, presolvePasses, maximumPivots, dualReductions);
    ClpDualRowPivot *kept = usual->clone(true);
    PromotionProbe probe;
    probe.original = &simplex;
    probe.probePivots = probePivots;
    probe.fromStart = fromStart != 0;
    probe.afterPivots = afterPivots > 0 ? afterPivots : probePivots;
    {
        ProbingSteepest probing(*usual, &probe);
        simplex.setDualRowPivotAlgorithm(probing);
    }
    int status = plumb_clp_promoted_dual(model, presolvePasses, maximumPivots, dualReductions);
    simplex.setDualRowPivotAlgorithm(*kept);
    delete kept;
    if (probe.ran) {
        model->promotionProbes += 1;
        if (probe.infeasible) {
            model->promotionsProvedInfeasible += 1;
            if (status == 3) status = 5;
        }
    }
    return status;
}

int plumb_clp_promotion_probes(const PlumbClpModel *model) { return model->promotionProbes; }
int plumb_clp_promotions_proved_infeasible(const PlumbClpModel *model) { return model->promotionsProvedInfeasible; }

}  // extern "C"

namespace {

/// Whether every column value and row activity of the model's point, as
/// the last solve left it, lies within its bounds as they stand now: not
/// by a tolerance, exactly (see `plumb_clp_check_once`).
bool pointWithinBounds(const ClpSimplex &simplex) {
    const int columns = simplex.numberColumns(), rows = simplex.numberRows();
    const double *value = simplex.getColSolution();
    const double *lower = simplex.getColLower(), *upper = simplex.getColUpper();
    if (value == nullptr) return false;
    for (int j = 0; j < columns; j++) {
        if (!(value[j] >= lower[j] && value[j] <= upper[j])) return false;
    }
    const double *activity = simplex.getRowActivity();
    const double *rowLower = simplex.getRowLower(), *rowUpper = simplex.getRowUpper();
    if (activity == nullptr) return false;
    for (int i = 0; i < rows; i++) {
        if (!(activity[i] >= rowLower[i] && activity[i] <= rowUpper[i])) return false;
    }
    return true;
}

}  // namespace

extern "C" {

// Why Clp's primal computes a check's point and prices twice, and how this
// call avoids it (read from Clp 1.17.6's object code, the branch in
// `ClpSimplexPrimal::statusOfProblemInPrimal` after its first
// `gutsOfSolution`): when the point it has just computed has no primal
// infeasibility and the weight of infeasibility is exactly Clp's default
// 1e10, Clp lowers the weight (to 100 times the dual infeasibility, at
// least 1e8), marks the infeasibility with a sentinel that then raises it
// by half again, and computes the point and the prices a second time. With
// no infeasible variable the weight prices nothing: the second computation
// repeats the first on the same factorisation, bounds, nonbasic values
// and costs, to the bit, and the weight goes back at the call's end
// (`restoreData`). Any other weight skips that branch. So for the call the
// weight is set one unit in the last place below 1e10, but only when the
// point the last solve left already lies within the bounds, exactly: a
// check starts from the kept factorisation of the basis that point came
// from, so Clp finds that point again and the branch would be taken. Where
// the point is outside a bound Clp's default stays, since the weight then
// prices the infeasible variables.
int plumb_clp_check_once(PlumbClpModel *model, int continuation) {
    ClpSimplex &simplex = model->simplex;
    const double weight = simplex.infeasibilityCost();
    const bool once = (continuation & 2) != 0 && weight == 1.0e10 && pointWithinBounds(simplex);
    if (once) {
        simplex.setInfeasibilityCost(std::nextafter(weight, 0.0));
        model->checksComputedOnce += 1;
    }
    const int status = plumb_clp_primal(model, 0, 200, continuation);
    if (once) simplex.setInfeasibilityCost(weight);
    return status;
}

int plumb_clp_checks_computed_once(const PlumbClpModel *model) { return model->checksComputedOnce; }

}  // extern "C"

namespace {

/// FNV-1a over 8-byte words.
struct Digest {
    uint64_t value = 0xcbf29ce484222325ull;
    void add(uint64_t word) {
        for (int b = 0; b < 8; b++) {
            value ^= (word >> (8 * b)) & 0xff;
            value *= 0x100000001b3ull;
        }
    }
    void add(double number) {
        uint64_t bits;
        std::memcpy(&bits, &number, sizeof bits);
        add(bits);
    }
};

}  // namespace

// CoinUtils' factorisation, one step of it made linear (see
// `CoinFactorization::pivotColumnSingleton` below). Only for the CoinUtils
// whose code it restates and was checked against, 2.11.4 (Debian's); any
// other release, even another 2.11, keeps its own step.
#if COINUTILS_VERSION_MAJOR == 2 && COINUTILS_VERSION_MINOR == 11 && COINUTILS_VERSION_RELEASE == 4
#include <dlfcn.h>

namespace {

/// Where each row sits inside one long column of U while a factorisation
/// runs: `at[row]` is a position in `indexRowU`, trusted only after a
/// look confirms that the row is there and inside the column as it now
/// stands (a row appears at most once in a column, so a confirmed position
/// is the one a search from the column's start finds). A stale or unknown
/// entry costs one pass over the column, which records every row again.
struct ColumnRows {
    const void *owner = nullptr;
    int column = -1;
    unsigned long lastUse = 0;
    std::vector<int> at;
};

/// Columns shorter than this are searched from their start, as CoinUtils
/// does; longer ones through an index of their rows (`ColumnRows` in the
/// factorisation and presolve, `ThreadedRows` in postsolve below).
constexpr int longColumn = 64;
/// Long columns indexed at once on a thread; the least recently used one
/// gives way to a new one.
constexpr size_t indexedColumns = 8;

thread_local std::vector<ColumnRows> columnRows;
thread_local unsigned long columnRowsClock = 0;
thread_local bool columnRowsOn = true;
thread_local long columnRowsFound = 0;

/// The index of `column` of the factorisation `owner` (rows `rows`), made
/// or taken over.
ColumnRows &indexOf(const void *owner, int column, int rows) {
    columnRowsClock += 1;
    ColumnRows *index = nullptr, *oldest = nullptr;
    for (ColumnRows &kept : columnRows) {
        if (kept.owner == owner && kept.column == column) {
            index = &kept;
            break;
        }
        if (oldest == nullptr || kept.lastUse < oldest->lastUse) oldest = &kept;
    }
    if (index == nullptr) {
        index = oldest;
        if (columnRows.size() < indexedColumns) {
            columnRows.emplace_back();
            index = &columnRows.back();
        }
        index->owner = owner;
        index->column = column;
    }
    index->lastUse = columnRowsClock;
    // The same factorisation (or a new one at the same address) may have
    // more rows than when the index was made.
    if (index->at.size() < static_cast<size_t>(rows)) index->at.assign(static_cast<size_t>(rows), -1);
    return *index;
}

/// The position of `row` in the column `start ..< end` of `indexRow`.
int positionOf(ColumnRows *index, const int *indexRow, int start, int end, int row) {
    if (index != nullptr) {
        const int guess = index->at[static_cast<size_t>(row)];
        if (guess >= start && guess < end && indexRow[guess] == row) {
            columnRowsFound += 1;
            return guess;
        }
        int found = -1;
        for (int k = start; k < end; k++) {
            index->at[static_cast<size_t>(indexRow[k])] = k;
            if (indexRow[k] == row) found = k;
        }
        if (found >= 0) return found;
    }
    int k = start;
    while (indexRow[k] != row) k++;
    return k;
}

using SingletonPivot = bool (*)(CoinFactorization *, int, int);

/// CoinUtils' own `pivotColumnSingleton`, the definition after this
/// binary's (for `plumb_clp_set_column_rows(0)`).
SingletonPivot coinUtilsPivot() {
    static SingletonPivot pivot = reinterpret_cast<SingletonPivot>(
        dlsym(RTLD_NEXT, "_ZN17CoinFactorization20pivotColumnSingletonEii"));
    return pivot;
}

}  // namespace

// One pivot of the factorisation's sparse phase on a column singleton: the
// column's one entry is the pivot, and the pivot row leaves every other
// column it has an entry in. CoinUtils finds that entry by a search from
// the column's start; on `levels` and `degenerate` the four box-left
// columns hold an entry a shelf and the singletons come in an order that
// makes each search walk most of the column, O(shelves^2) in all (`levels`
// 30,000 views: 1,978 M instructions of 13,800; BENCHMARKS.md, zero40).
// This definition takes CoinUtils' place in the binaries that link this
// file (CoinUtils calls it through its procedure linkage table) and does
// the same step to the factorisation's arrays, entry for entry: the same
// pivot region, links, counts, the same moves inside each column (the
// pivot row's entry to the column's start, the largest entry after it),
// and the same L bookkeeping. Only the search differs: a long column's
// rows are looked up in `ColumnRows`, confirmed in place. So every later
// step of the factorisation, and every number Clp gets from it, is as
// CoinUtils' own would make it.
bool CoinFactorization::pivotColumnSingleton(int pivotRow, int pivotColumn) {
    if (!columnRowsOn) {
        if (SingletonPivot own = coinUtilsPivot()) return own(this, pivotRow, pivotColumn);
    }
    int *inRow = numberInRow_.array();
    int *inColumn = numberInColumn_.array();
    int *inColumnPlus = numberInColumnPlus_.array();
    int *columnStart = startColumnU_.array();
    int *rowStart = startRowU_.array();
    int *columnOfRow = indexColumnU_.array();
    int *rowOfColumn = indexRowU_.array();
    int *others = saveColumn_.array();
    int *nextInRows = nextRow_.array();
    int *lastInRows = lastRow_.array();
    CoinFactorizationDouble *value = elementU_.array();

    // The row's other columns, before the row is unlinked.
    const int otherCount = inRow[pivotRow] - 1;
    int saved = 0;
    for (int k = rowStart[pivotRow]; k <= rowStart[pivotRow] + otherCount; k++) {
        if (columnOfRow[k] != pivotColumn) others[saved++] = columnOfRow[k];
    }
    const int after = nextInRows[pivotRow], before = lastInRows[pivotRow];
    nextInRows[before] = after;
    lastInRows[after] = before;
    nextInRows[pivotRow] = numberGoodU_;
    lastInRows[pivotRow] = -2;
    pivotRegion_.array()[numberGoodU_] = 1.0 / value[columnStart[pivotColumn]];
    inColumn[pivotColumn] = 0;

    for (int c = 0; c < otherCount; c++) {
        const int column = others[c];
        if (inColumn[column] == 0) continue;
        const int left = inColumn[column] - 1;
        deleteLink(column + numberRows_);
        addLink(column + numberRows_, left);
        if (left > 0) {
            const int start = columnStart[column], end = start + inColumn[column];
            ColumnRows *index = inColumn[column] >= longColumn ? &indexOf(this, column, numberRows_) : nullptr;
            const int at = positionOf(index, rowOfColumn, start, end, pivotRow);
            if (at != start) {
                // The pivot row's entry to the start, the largest (at the
                // start) after it, the entry that was there into its place.
                const CoinFactorizationDouble largest = value[start];
                const int largestRow = rowOfColumn[start];
                const int secondRow = rowOfColumn[start + 1];
                value[start] = value[at];
                rowOfColumn[start] = pivotRow;
                value[at] = value[start + 1];
                rowOfColumn[at] = secondRow;
                value[start + 1] = largest;
                rowOfColumn[start + 1] = largestRow;
                if (index != nullptr) {
                    index->at[static_cast<size_t>(secondRow)] = at;
                    index->at[static_cast<size_t>(largestRow)] = start + 1;
                }
            } else {
                // The largest entry left goes next to the start: the first
                // of the largest magnitude after it.
                int best = start + 1;
                double bestMagnitude = std::fabs(value[start + 1]);
                for (int k = start + 2; k < end; k++) {
                    if (std::fabs(value[k]) > bestMagnitude) {
                        bestMagnitude = std::fabs(value[k]);
                        best = k;
                    }
                }
                const int nextRow = rowOfColumn[start + 1];
                const CoinFactorizationDouble nextValue = value[start + 1];
                rowOfColumn[start + 1] = rowOfColumn[best];
                value[start + 1] = value[best];
                rowOfColumn[best] = nextRow;
                value[best] = nextValue;
                if (index != nullptr) {
                    index->at[static_cast<size_t>(rowOfColumn[start + 1])] = start + 1;
                    index->at[static_cast<size_t>(nextRow)] = best;
                }
            }
        }
        inColumn[column] -= 1;
        inColumnPlus[column] += 1;
        columnStart[column] += 1;
    }
    deleteLink(pivotRow);
    deleteLink(pivotColumn + numberRows_);
    inRow[pivotRow] = 0;
    int *startL = startColumnL_.array();
    startL[numberGoodL_] = lengthL_;
    numberGoodL_ += 1;
    startL[numberGoodL_] = lengthL_;
    return true;
}

extern "C" {

void plumb_clp_set_column_rows(int on) { columnRowsOn = on != 0; }
long plumb_clp_column_rows_found(void) { return columnRowsFound; }

unsigned long long plumb_clp_factorization_digest(int size, const int *columnStarts, const int *rowIndices,
                                        const double *elements, int lookingUp) {
    CoinPackedMatrix matrix(true, size, size, columnStarts[size], elements, rowIndices, columnStarts, nullptr);
    std::vector<int> rowIsBasic(static_cast<size_t>(size), -1), columnIsBasic(static_cast<size_t>(size));
    for (int j = 0; j < size; j++) columnIsBasic[static_cast<size_t>(j)] = j;
    const bool usual = columnRowsOn;
    columnRowsOn = lookingUp != 0;
    CoinFactorization factorization;
    const int status = factorization.factorize(matrix, rowIsBasic.data(), columnIsBasic.data());
    columnRowsOn = usual;
    Digest digest;
    digest.add(static_cast<uint64_t>(static_cast<int64_t>(status)));
    if (status != 0) return digest.value;
    digest.add(static_cast<uint64_t>(factorization.numberElementsU()));
    digest.add(static_cast<uint64_t>(factorization.numberElementsL()));
    const int *count = factorization.numberInColumn(), *start = factorization.startColumnU();
    const int *row = factorization.indexRowU();
    const CoinFactorizationDouble *value = factorization.elementU();
    for (int i = 0; i < size; i++) {
        digest.add(static_cast<uint64_t>(factorization.permute()[i]));
        digest.add(static_cast<uint64_t>(factorization.pivotColumn()[i]));
        digest.add(factorization.pivotRegion()[i]);
        for (int k = start[i]; k < start[i] + count[i]; k++) {
            digest.add(static_cast<uint64_t>(row[k]));
            digest.add(value[k]);
        }
    }
    // Solves with B for a few right-hand sides: every bit of the answers.
    CoinIndexedVector work, rhs;
    work.reserve(size);
    rhs.reserve(size);
    for (int r = 0; r < 4; r++) {
        rhs.clear();
        for (int i = 0; i < size; i++) {
            if (r == 0 || i % (r + 1) == 0) rhs.insert(i, 1.0 + 0.1 * i + r);
        }
        factorization.updateColumn(&work, &rhs);
        for (int i = 0; i < size; i++) digest.add(rhs.denseVector()[i]);
    }
    return digest.value;
}

}  // extern "C"

namespace {

thread_local long presolveRowsFound = 0;

using UselessRows = const CoinPresolveAction *(*)(CoinPresolveMatrix *, const int *, int, const CoinPresolveAction *);

/// CoinUtils' own `useless_constraint_action::presolve`, the definition
/// after this binary's (for `plumb_clp_set_column_rows(0)`).
UselessRows coinUtilsUselessRows() {
    static UselessRows own = reinterpret_cast<UselessRows>(
        dlsym(RTLD_NEXT, "_ZN25useless_constraint_action8presolveEP18CoinPresolveMatrixPKiiPK18CoinPresolveAction"));
    return own;
}

}  // namespace

// Presolve's removal of rows it has found to be redundant (duplicate rows,
// rows forcing nothing): each entry of such a row leaves its column, found
// there by a search from the column's start, and the column's last entry
// fills the hole. On a chart grid the shared column edges have an entry in
// every row of charts, and the cold level after the promotion removes a
// held row a row of charts, so those searches walk most of a long column
// each time, O(rows^2) in all (`chartgrid` 30,000 views: 89 M
// instructions, x7.1 from 10,000; BENCHMARKS.md, chart55). This definition
// takes CoinUtils' place as `pivotColumnSingleton`'s does (CoinUtils calls
// it through its procedure linkage table from duprow, forcing and tighten)
// and makes the same changes to the presolve's matrix and the same action
// record for postsolve: the row's columns and values copied, its bounds
// kept then set to 0, each entry taken out of its column by moving the
// column's last entry into its place, emptied columns and the row unlinked.
// Only the search differs: in a column of `longColumn` entries or more the
// row's position comes from a `ColumnRows`, confirmed in place; a row is
// in a column once, so that is the position the search finds.
const CoinPresolveAction *useless_constraint_action::presolve(CoinPresolveMatrix *prob, const int *useless_rows,
                                                              int nuseless_rows, const CoinPresolveAction *next) {
    if (!columnRowsOn) {
        if (UselessRows own = coinUtilsUselessRows()) return own(prob, useless_rows, nuseless_rows, next);
    }
    double *columnValue = prob->colels_;
    int *rowOfEntry = prob->hrow_;
    const CoinBigIndex *columnStart = prob->mcstrt_;
    int *inColumn = prob->hincol_;
    const double *rowValue = prob->rowels_;
    const int *columnOfEntry = prob->hcol_;
    const CoinBigIndex *rowStart = prob->mrstrt_;
    int *inRow = prob->hinrow_;
    double *lower = prob->rlo_, *upper = prob->rup_;
    action *records = new action[nuseless_rows];
    for (int i = 0; i < nuseless_rows; i++) {
        const int row = useless_rows[i];
        const CoinBigIndex first = rowStart[row], last = first + inRow[row];
        action &record = records[i];
        record.row = row;
        record.ninrow = inRow[row];
        record.rlo = lower[row];
        record.rup = upper[row];
        record.rowcols = CoinCopyOfArray(&columnOfEntry[first], inRow[row]);
        record.rowels = CoinCopyOfArray(&rowValue[first], inRow[row]);
        for (CoinBigIndex k = first; k < last; k++) {
            const int column = columnOfEntry[k];
            const CoinBigIndex start = columnStart[column], end = start + inColumn[column];
            CoinBigIndex at;
            ColumnRows *index = nullptr;
            if (inColumn[column] >= longColumn) {
                index = &indexOf(prob, column, prob->nrows_);
                // Counted as presolve's, not the factorisation's.
                const long before = columnRowsFound;
                at = positionOf(index, rowOfEntry, start, end, row);
                presolveRowsFound += columnRowsFound - before;
                columnRowsFound = before;
            } else {
                at = presolve_find_minor(row, start, end, rowOfEntry);
            }
            rowOfEntry[at] = rowOfEntry[end - 1];
            columnValue[at] = columnValue[end - 1];
            if (index != nullptr) index->at[static_cast<size_t>(rowOfEntry[at])] = static_cast<int>(at);
            inColumn[column] -= 1;
            if (inColumn[column] == 0) PRESOLVE_REMOVE_LINK(prob->clink_, column);
        }
        inRow[row] = 0;
        PRESOLVE_REMOVE_LINK(prob->rlink_, row);
        lower[row] = 0.0;
        upper[row] = 0.0;
    }
    return new useless_constraint_action(nuseless_rows, records, next);
}

extern "C" {
long plumb_clp_presolve_rows_found(void) { return presolveRowsFound; }
}  // extern "C"

// CoinUtils' postsolve of its implied-free substitutions, its column
// searches answered from an index (see `subst_constraint_action::postsolve`
// below), in the same CoinUtils 2.11.4 section: its object code is what this
// was checked against; any other release keeps its own searches.

namespace {

/// Entries of one kind of row-sized array (`at`, postsolve's `before`)
/// that one kind of index holds in all its slots, past which it takes no
/// slot more (32 MiB of `int`).
constexpr size_t indexedRowsBudget = size_t(1) << 23;
/// The most slots one kind of index grows to.
constexpr size_t mostIndexedColumns = 64;
/// Indexes given up for room that a window remembers.
constexpr size_t givenUpRemembered = 64;

thread_local bool indexSlotsGrow = true;
thread_local long indexSlotsGrown = 0;

/// How many long columns one kind of index (presolve's, postsolve's) keeps
/// at once on a thread. It starts at `indexedColumns`; when a window
/// records again a column whose index it gave up for room, the columns in
/// use are more than the slots and each use would walk the column again
/// (`chartgrid`'s shared column edges, eleven or twelve against eight), so it
/// takes one slot more, up to `mostIndexedColumns` and the rows budget. A
/// column given up and never used again (`priorities`' columns, each
/// searched in one stretch) costs no slot. The count stays for the thread.
struct IndexSlots {
    size_t cap = indexedColumns;
    /// What names each index given up for room in this window, oldest
    /// first (a plain array: a thread-local made at compile time with
    /// nothing to destroy is reached without a check that it was made).
    long givenUp[givenUpRemembered] = {};
    size_t givenUpCount = 0;

    void opened() { givenUpCount = 0; }
    void gaveUp(long identity) {
        if (givenUpCount == givenUpRemembered) {
            std::copy(givenUp + 1, givenUp + givenUpCount, givenUp);
            givenUpCount -= 1;
        }
        givenUp[givenUpCount++] = identity;
    }
    /// A new index of the column named `identity` in a matrix of `rows` rows.
    void recording(long identity, int rows) {
        long *const end = givenUp + givenUpCount;
        long *const seen = std::find(givenUp, end, identity);
        if (seen == end) return;
        std::copy(seen + 1, end, seen);
        givenUpCount -= 1;
        const size_t limit = std::max(indexedColumns,
                                      std::min(mostIndexedColumns, indexedRowsBudget / std::max<size_t>(1, size_t(rows))));
        if (indexSlotsGrow && cap < limit) {
            cap += 1;
            indexSlotsGrown += 1;
        }
    }
};

/// The slots of postsolve's indexes and of presolve's, on this thread.
thread_local IndexSlots postsolveSlots;
thread_local IndexSlots presolveSlots;

/// The rows of one long threaded column of a postsolve matrix as they
/// stood when last seen: the column's first position then (`head`), how
/// many entries it had from there (`length`), and where each row sat
/// (`at[row]`, -1 when absent). Postsolve threads a column as a list
/// through `link`; inside one call of the substitutions' postsolve the
/// only changes to a column are new entries put in front of its first one
/// and deletions through `presolve_delete_from_major2`, which the index
/// follows, so the entries from `head` on stay the ones recorded.
/// Where each row of one indexed column sits (`at[row]`, -1 when not
/// recorded), the rows recorded (to clear them), and when it was last used.
struct RecordedRows {
    unsigned long lastUse = 0;
    std::vector<int> at;
    std::vector<int> recorded;

    void clearRows() {
        for (int row : recorded) at[static_cast<size_t>(row)] = -1;
        recorded.clear();
    }
};

struct ThreadedRows : RecordedRows {
    int head = -1;
    int length = 0;
    /// The column's last position (its list ends there).
    int tail = -1;
    /// The position in front of each recorded row's (-1 for the first),
    /// so that a deletion unlinks its entry without a walk.
    std::vector<int> before;

    void forget() {
        clearRows();
        head = -1;
        length = 0;
        tail = -1;
    }
    void record(int row, int position, int previous) {
        at[static_cast<size_t>(row)] = position;
        before[static_cast<size_t>(row)] = previous;
        recorded.push_back(row);
    }
};

/// New entries in front of a column's recorded first one that a look-up
/// walks over before it gives the index up and records the column again.
constexpr int frontWalk = 256;

/// One call of `subst_constraint_action::postsolve` on this thread: its
/// matrix (rows, links, how many rows the index must hold) and the
/// columns indexed during it. Outside such a call (`hrow` null) every
/// search is CoinUtils' own walk.
struct PostsolveWindow {
    const int *hrow = nullptr;
    const CoinBigIndex *link = nullptr;
    int rows = 0;
    unsigned long clock = 0;
    std::vector<ThreadedRows> columns;
    /// The last long column a deletion found no index of: a column is
    /// indexed for its deletions from the second one in a row on (on
    /// `chartgrid` most long columns lose one entry, where recording the
    /// whole column costs more than CoinUtils' walk).
    int walkedColumn = -1;
};

/// The window's matrix, kept apart from `postsolveWindow` (which has a
/// constructor, so each access to it checks that it was made): every
/// search and deletion of every postsolve step reads this first.
thread_local const int *postsolveWindowRows = nullptr;
thread_local PostsolveWindow postsolveWindow;
thread_local bool postsolveRowsOn = true;
thread_local long postsolveRowsFound = 0;
thread_local long postsolveRowsDeleted = 0;

/// CoinUtils' search: the walk down the column from `start`.
CoinBigIndex walkFor(int row, CoinBigIndex start, int length, const int *hrow, const CoinBigIndex *link) {
    CoinBigIndex k = start;
    for (int i = 0; i < length; i++) {
        if (hrow[k] == row) return k;
        k = link[k];
    }
    return -1;
}

/// The index whose recorded column is the one starting at `start`, of
/// `length` entries, brought up to date with the entries put in front of
/// it since; null when none is. One walk from `start` looks for the
/// recorded heads: a column's list reaches a recorded head only if that
/// head is its own (lists never share a position), and the count says
/// nothing was taken out unseen.
ThreadedRows *synced(CoinBigIndex start, int length) {
    PostsolveWindow &w = postsolveWindow;
    int shortest = INT_MAX;
    for (const ThreadedRows &index : w.columns) {
        if (index.head >= 0) shortest = std::min(shortest, index.length);
    }
    if (shortest > length) return nullptr;
    const int ahead = std::min(length - shortest, frontWalk);
    CoinBigIndex k = start;
    for (int steps = 0; steps <= ahead; steps++) {
        for (ThreadedRows &index : w.columns) {
            if (index.head != k) continue;
            if (length != index.length + steps) {
                index.forget();
                return nullptr;
            }
            CoinBigIndex front = start;
            int previous = -1;
            for (int i = 0; i < steps; i++) {
                const int row = w.hrow[front];
                if (index.at[static_cast<size_t>(row)] >= 0) {
                    // A row twice in one column: not a list this index knows.
                    index.forget();
                    return nullptr;
                }
                index.record(row, static_cast<int>(front), previous);
                previous = static_cast<int>(front);
                front = w.link[front];
            }
            if (steps > 0) index.before[static_cast<size_t>(w.hrow[index.head])] = previous;
            index.head = static_cast<int>(start);
            index.length = length;
            index.lastUse = ++w.clock;
            return &index;
        }
        if (steps < ahead) k = w.link[k];
    }
    return nullptr;
}

/// A slot for a new index of a column: a new one while there are fewer
/// than `slots.cap`, else the least recently used, emptied (and its
/// column, named by `identity`, noted as given up).
template <typename Index, typename Identity>
Index &freeIndex(std::vector<Index> &columns, IndexSlots &slots, Identity identity) {
    if (columns.size() < slots.cap) {
        columns.emplace_back();
        return columns.back();
    }
    Index *oldest = &columns.front();
    for (Index &kept : columns) {
        if (kept.lastUse < oldest->lastUse) oldest = &kept;
    }
    // A slot whose index was given up otherwise names no column.
    if (identity(*oldest) >= 0) slots.gaveUp(identity(*oldest));
    oldest->forget();
    return *oldest;
}

/// A fresh index of the column starting at `start`: one walk, as long as
/// CoinUtils' search for an absent row.
ThreadedRows &recordColumn(CoinBigIndex start, int length) {
    PostsolveWindow &w = postsolveWindow;
    // A column is named by its last position: entries join in front and
    // the last one is rarely deleted.
    ThreadedRows *index = &freeIndex(w.columns, postsolveSlots, [](const ThreadedRows &kept) { return long(kept.tail); });
    if (index->at.size() < static_cast<size_t>(w.rows)) {
        index->at.resize(static_cast<size_t>(w.rows), -1);
        index->before.resize(static_cast<size_t>(w.rows), -1);
    }
    CoinBigIndex k = start;
    int previous = -1;
    for (int i = 0; i < length; i++) {
        index->record(w.hrow[k], static_cast<int>(k), previous);
        previous = static_cast<int>(k);
        k = w.link[k];
    }
    index->tail = previous;
    postsolveSlots.recording(previous, w.rows);
    index->head = static_cast<int>(start);
    index->length = length;
    index->lastUse = ++w.clock;
    return *index;
}

using SubstPostsolve = void (*)(const subst_constraint_action *, CoinPostsolveMatrix *);
using DeleteFromMajor = void (*)(int, int, CoinBigIndex *, int *, int *, CoinBigIndex *, CoinBigIndex *);

SubstPostsolve coinUtilsSubstPostsolve() {
    static SubstPostsolve own = reinterpret_cast<SubstPostsolve>(
        dlsym(RTLD_NEXT, "_ZNK23subst_constraint_action9postsolveEP19CoinPostsolveMatrix"));
    return own;
}

DeleteFromMajor coinUtilsDeleteFromMajor() {
    static DeleteFromMajor own = reinterpret_cast<DeleteFromMajor>(
        dlsym(RTLD_NEXT, "_Z27presolve_delete_from_major2iiPiS_S_S_S_"));
    return own;
}

}  // namespace

// The postsolve of CoinUtils' implied-free substitutions. For each
// substitution, last first, it takes the substituted row's columns out of
// the rows it was added to, then searches each column of every such row
// for the row (`presolve_find_minor3`, a walk down the threaded column)
// and puts the entry back in front when the walk finds none. On
// `priorities` the guide's column has an entry in every row of items and
// the row searched for is absent from it each time, so each search walks
// the whole column: O(rows^2) (30,000 views: 202 M instructions of
// 4,688 M; BENCHMARKS.md, prio55). This definition takes CoinUtils' place
// (its vtable entry is bound by symbol) and runs CoinUtils' own postsolve
// with a window open on this thread, in which the searches of long
// columns and the deletions from them go through the index above; the
// answers are the positions CoinUtils' walks find, so postsolve makes the
// same matrix, entry for entry. A deletion from an indexed column unlinks
// its entry from the position the index holds in front of it instead of
// CoinUtils' walk down the column (`plumb check`'s optimal face of
// `priorities` at 10,000 views: 28 % of the check in those walks;
// BENCHMARKS.md, check56).
void subst_constraint_action::postsolve(CoinPostsolveMatrix *prob) const {
    // Closes the window however CoinUtils' postsolve ends.
    struct Window {
        bool open;
        explicit Window(CoinPostsolveMatrix *prob) : open(postsolveRowsOn && postsolveWindowRows == nullptr) {
            if (!open) return;
            postsolveWindowRows = prob->hrow_;
            postsolveWindow.hrow = prob->hrow_;
            postsolveWindow.link = prob->link_;
            postsolveWindow.rows = std::max(prob->nrows0_, prob->nrows_);
            postsolveWindow.walkedColumn = -1;
            postsolveSlots.opened();
        }
        ~Window() {
            if (!open) return;
            for (ThreadedRows &index : postsolveWindow.columns) index.forget();
            postsolveWindowRows = nullptr;
            postsolveWindow.hrow = nullptr;
            postsolveWindow.link = nullptr;
        }
    } window(prob);
    coinUtilsSubstPostsolve()(this, prob);
}

CoinBigIndex presolve_find_minor3(int tgt, CoinBigIndex ks, int majlen, const int *minndxs,
                                  const CoinBigIndex *majlinks) {
    if (postsolveWindowRows != minndxs || majlen < longColumn) return walkFor(tgt, ks, majlen, minndxs, majlinks);
    const PostsolveWindow &w = postsolveWindow;
    if (w.link != majlinks || tgt < 0 || tgt >= w.rows) return walkFor(tgt, ks, majlen, minndxs, majlinks);
    ThreadedRows *index = synced(ks, majlen);
    if (index == nullptr) index = &recordColumn(ks, majlen);
    const int at = index->at[static_cast<size_t>(tgt)];
    if (at >= 0 && minndxs[at] != tgt) {
        index->forget();
        return walkFor(tgt, ks, majlen, minndxs, majlinks);
    }
    postsolveRowsFound += 1;
    return at;
}

void presolve_delete_from_major2(int majndx, int minndx, CoinBigIndex *majstrts, int *majlens, int *minndxs,
                                 CoinBigIndex *majlinks, CoinBigIndex *free_listp) {
    DeleteFromMajor own = coinUtilsDeleteFromMajor();
    // An indexed column keeps at least `longColumn` entries (an
    // index is given up below that), so a shorter one is none of them.
    if (postsolveWindowRows != minndxs || majlens[majndx] < longColumn) {
        own(majndx, minndx, majstrts, majlens, minndxs, majlinks, free_listp);
        return;
    }
    PostsolveWindow &w = postsolveWindow;
    if (w.link != majlinks) {
        own(majndx, minndx, majstrts, majlens, minndxs, majlinks, free_listp);
        return;
    }
    const int length = majlens[majndx];
    const bool known = minndx >= 0 && minndx < w.rows;
    ThreadedRows *index = synced(majstrts[majndx], length);
    if (index == nullptr && known && w.walkedColumn == majndx) index = &recordColumn(majstrts[majndx], length);
    if (index == nullptr) w.walkedColumn = majndx;
    const int at = index != nullptr && known ? index->at[static_cast<size_t>(minndx)] : -1;
    const int previous = at >= 0 ? index->before[static_cast<size_t>(minndx)] : -1;
    // The index's answer is used only when the list confirms it: the entry
    // holds the row, and the position in front of it links to it (or it is
    // the column's first). A position on the free list never links to one
    // in use, so a stale answer cannot pass.
    const bool linked = at >= 0 && (previous < 0 ? at == majstrts[majndx] : majlinks[previous] == at);
    if (linked && minndxs[at] == minndx) {
        // CoinUtils' unlink of the row's entry (the first, and only, one
        // its walk would find), from the position in front of it that the
        // index holds.
        const CoinBigIndex next = majlinks[at];
        if (previous < 0) {
            majstrts[majndx] = next;
        } else {
            majlinks[previous] = next;
        }
        if (at == index->tail) {
            index->tail = previous;
        } else {
            index->before[static_cast<size_t>(minndxs[next])] = previous;
        }
        majlinks[at] = *free_listp;
        *free_listp = at;
        majlens[majndx] -= 1;
        postsolveRowsDeleted += 1;
    } else {
        // Absent (CoinUtils' walk finds nothing and changes nothing), not
        // where the index says, or no index: CoinUtils' own deletion.
        if (at >= 0) index->forget();
        index = nullptr;
        own(majndx, minndx, majstrts, majlens, minndxs, majlinks, free_listp);
        if (majlens[majndx] == length) return;
    }
    // CoinUtils puts the freed position first on the free list. The index
    // of this column follows; any other that held the position (a second
    // index of the column, recorded when the first fell behind) lost an
    // entry unseen and is given up.
    const CoinBigIndex freed = *free_listp;
    const int row = minndxs[freed];
    for (ThreadedRows &kept : w.columns) {
        if (kept.head < 0) continue;
        if (&kept == index) {
            kept.at[static_cast<size_t>(row)] = -1;
            kept.head = majstrts[majndx];
            kept.length = majlens[majndx];
            if (kept.length < longColumn) kept.forget();
        } else if (row >= 0 && row < w.rows && kept.at[static_cast<size_t>(row)] == freed) {
            kept.forget();
        }
    }
}

extern "C" {
void plumb_clp_set_postsolve_rows(int on) { postsolveRowsOn = on != 0; }
long plumb_clp_postsolve_rows_found(void) { return postsolveRowsFound; }
long plumb_clp_postsolve_rows_deleted(void) { return postsolveRowsDeleted; }
}

// CoinUtils' implied-free substitutions (presolve), their searches of long
// columns answered from an index, in the same CoinUtils 2.11.4 section.

namespace {

/// The rows of one long column of the presolve matrix during one call of
/// `subst_constraint_action::presolve`: `at[row]` is the row's offset from
/// the column's start when last seen (moves of the whole column, and
/// compaction, keep the order of its entries, so the offsets stay; a
/// deletion that fills its hole with the column's last entry moves one,
/// which a confirmation in place catches). Every row in the column is
/// recorded (`at[row] >= 0`): inside the call an entry joins a column only
/// right after a search of that column found its row absent, and a row
/// answered absent is recorded then. So a row not recorded is absent.
struct PresolveColumnRows : RecordedRows {
    int column = -1;

    void forget() {
        clearRows();
        column = -1;
    }
    void record(int row, int offset) {
        if (at[static_cast<size_t>(row)] < 0) recorded.push_back(row);
        at[static_cast<size_t>(row)] = offset;
    }
};

/// One call of `subst_constraint_action::presolve` on this thread: its
/// matrix and the long columns indexed during it. Outside such a call
/// (`presolveWindowRows` null) every search is CoinUtils' own walk.
struct PresolveWindow {
    const CoinPresolveMatrix *prob = nullptr;
    unsigned long clock = 0;
    std::vector<PresolveColumnRows> columns;
    /// A long column with a row twice: not indexed during this call.
    int refused = -1;
};

thread_local const int *presolveWindowRows = nullptr;
thread_local PresolveWindow presolveWindow;
/// 0: CoinUtils' walks; 1: the index (the default); 2: the index, each
/// answer also walked and compared, for the tests.
thread_local int presolveSearchesMode = 1;
thread_local long presolveSearchesFound = 0;
thread_local long presolveSearchesDisagreed = 0;

/// CoinUtils' `presolve_find_minor1`: the first position of `row` in
/// `ks ..< ke`, or `ke` when it is absent (`ks` when the range is empty).
CoinBigIndex walkRange(int row, CoinBigIndex ks, CoinBigIndex ke, const int *rows) {
    CoinBigIndex k = ks;
    while (k < ke && rows[k] != row) k++;
    return k;
}

/// The column of the presolve matrix that starts at `ks` with `length`
/// entries, found in the row representation of its first rows (a column
/// with entries is the only one that starts at its start); -1 if none.
int columnAt(const CoinPresolveMatrix *prob, CoinBigIndex ks, int length) {
    for (int i = 0; i < std::min(length, 4); i++) {
        const int row = prob->hrow_[ks + i];
        const CoinBigIndex rs = prob->mrstrt_[row];
        for (CoinBigIndex k = rs; k < rs + prob->hinrow_[row]; k++) {
            const int column = prob->hcol_[k];
            if (column >= 0 && column < prob->ncols_ && prob->mcstrt_[column] == ks &&
                prob->hincol_[column] == length) {
                return column;
            }
        }
    }
    return -1;
}

/// The index of the column `ks ..< ke`: the one kept, or a new one made by
/// one walk down the column when it is long; null when there is none.
PresolveColumnRows *presolveIndex(CoinBigIndex ks, CoinBigIndex ke) {
    PresolveWindow &w = presolveWindow;
    const CoinPresolveMatrix *prob = w.prob;
    const int length = static_cast<int>(ke - ks);
    for (PresolveColumnRows &index : w.columns) {
        if (index.column >= 0 && prob->mcstrt_[index.column] == ks && prob->hincol_[index.column] == length) {
            index.lastUse = ++w.clock;
            return &index;
        }
    }
    if (length < longColumn) return nullptr;
    const int column = columnAt(prob, ks, length);
    if (column < 0 || column == w.refused) return nullptr;
    presolveSlots.recording(column, prob->nrows_);
    PresolveColumnRows *index = &freeIndex(w.columns, presolveSlots, [](const PresolveColumnRows &kept) { return long(kept.column); });
    if (index->at.size() < static_cast<size_t>(prob->nrows_)) index->at.resize(static_cast<size_t>(prob->nrows_), -1);
    for (CoinBigIndex k = ks; k < ke; k++) {
        const int row = prob->hrow_[k];
        if (row < 0 || row >= prob->nrows_ || index->at[static_cast<size_t>(row)] >= 0) {
            index->forget();
            w.refused = column;
            return nullptr;
        }
        index->record(row, static_cast<int>(k - ks));
    }
    index->column = column;
    index->lastUse = ++w.clock;
    return index;
}

/// The answer of CoinUtils' walk from the index: a recorded position
/// confirmed in place (a row is in a column once), absent when the row was
/// never recorded, else one walk that records every row it passes again.
CoinBigIndex lookedUp(PresolveColumnRows &index, int row, CoinBigIndex ks, CoinBigIndex ke, const int *rows) {
    const int length = static_cast<int>(ke - ks);
    const int offset = index.at[static_cast<size_t>(row)];
    if (offset < 0) {
        // Absent; if CoinUtils now puts it in, it goes after the last entry.
        index.record(row, length);
        presolveSearchesFound += 1;
        return ke;
    }
    if (offset < length && rows[ks + offset] == row) {
        presolveSearchesFound += 1;
        return ks + offset;
    }
    CoinBigIndex found = ke;
    for (CoinBigIndex k = ks; k < ke; k++) {
        index.record(rows[k], static_cast<int>(k - ks));
        if (rows[k] == row && found == ke) found = k;
    }
    if (found == ke) index.record(row, length);
    return found;
}

using SubstPresolve = const CoinPresolveAction *(*)(CoinPresolveMatrix *, const int *, const int *, int,
                                                    const CoinPresolveAction *, int);

/// With the tests' digest on, folds the matrix's entries, vector by vector
/// in order, into it (defined with `presolve_expand_major` below).
void digestPresolveMatrix(const CoinPresolveMatrix *prob);

/// 1 (the default): the substitutions are this file's statement of
/// CoinUtils' step (`substitute`, defined at the end of this CoinUtils
/// section); 0: CoinUtils' own.
thread_local int presolveSubstitutionMode = 1;

/// What one substitution leaves for postsolve: the fields of CoinUtils'
/// `subst_constraint_action::action`, each array made with `new[]` (the
/// action deletes them).
struct SubstitutionRecord {
    double *rowLowers;
    double *rowUppers;
    double *columnCoefficients;
    int *rows;
    int *rowLengths;
    int *rowColumns;
    double *rowCoefficients;
    const double *costs;
    int column;
    int row;
    int columnLength;
};

/// One call's substitutions, in order, and the columns of their target
/// rows (where the sums may have left zeros).
struct Substitutions {
    std::vector<SubstitutionRecord> records;
    std::vector<int> zeroColumns;
};

Substitutions substitute(CoinPresolveMatrix *prob, const int *impliedFree, const int *freeColumns, int count,
                         int maxLength);

}  // namespace

// CoinUtils' implied-free substitutions. For each substitution, each other
// row of the substituted column gets a multiple of its row added, and for
// each column of that row the column is searched for the other row
// (`presolve_find_minor1`, a walk from the column's start), its entry
// updated, or appended when the walk finds none. On `priorities` the
// guide's column has an entry in every row of items, so each of those
// searches walks the whole column: O(rows^2) (`plumb check`'s optimal face
// at 3,000 views: 453 M instructions of 7,471 M, x8.9 from 1,000 views;
// BENCHMARKS.md, prio57). This definition takes CoinUtils' place (implied
// free calls it through its procedure linkage table) and runs CoinUtils'
// own step with a window open on this thread, in which searches of long
// columns are answered from an index of their rows; the answers are the
// positions CoinUtils' walks find, so presolve makes the same matrix,
// entry for entry.
const CoinPresolveAction *subst_constraint_action::presolve(CoinPresolveMatrix *prob, const int *implied_free,
                                                            const int *which, int numberFree,
                                                            const CoinPresolveAction *next, int fill_level) {
    // Closes the window however CoinUtils' presolve ends.
    struct Window {
        bool open;
        explicit Window(CoinPresolveMatrix *prob) : open(presolveSearchesMode != 0 && presolveWindowRows == nullptr) {
            if (!open) return;
            presolveWindowRows = prob->hrow_;
            presolveWindow.prob = prob;
            presolveWindow.refused = -1;
            presolveSlots.opened();
        }
        ~Window() {
            if (!open) return;
            for (PresolveColumnRows &index : presolveWindow.columns) index.forget();
            presolveWindowRows = nullptr;
            presolveWindow.prob = nullptr;
        }
    } window(prob);
    // CoinUtils' own step, the definition after this binary's.
    static const SubstPresolve own = reinterpret_cast<SubstPresolve>(
        dlsym(RTLD_NEXT, "_ZN23subst_constraint_action8presolveEP18CoinPresolveMatrixPKiS3_iPK18CoinPresolveActioni"));
    const CoinPresolveAction *done = next;
    if (presolveSubstitutionMode == 0) {
        done = own(prob, implied_free, which, numberFree, next, fill_level);
    } else {
        // This file's statement of the step (see `substitute` below); its
        // records become CoinUtils' postsolve action, as CoinUtils' do.
        Substitutions made = substitute(prob, implied_free, which, numberFree, fill_level);
        if (!made.records.empty()) {
            const int count = static_cast<int>(made.records.size());
            action *actions = new action[static_cast<size_t>(count)];
            for (int i = 0; i < count; i++) {
                const SubstitutionRecord &r = made.records[static_cast<size_t>(i)];
                actions[i] = action{r.rowLowers, r.rowUppers, r.columnCoefficients, r.rows, r.rowLengths,
                                    r.rowColumns, r.rowCoefficients, r.costs, r.column, r.row, r.columnLength};
            }
            done = new subst_constraint_action(count, actions, next);
            done = drop_zero_coefficients_action::presolve(prob, made.zeroColumns.data(),
                                                           static_cast<int>(made.zeroColumns.size()), done);
        }
    }
    digestPresolveMatrix(prob);
    return done;
}

CoinBigIndex presolve_find_minor1(int tgt, CoinBigIndex ks, CoinBigIndex ke, const int *minndxs) {
    if (presolveWindowRows != minndxs || tgt < 0 || tgt >= presolveWindow.prob->nrows_) {
        return walkRange(tgt, ks, ke, minndxs);
    }
    PresolveColumnRows *index = presolveIndex(ks, ke);
    if (index == nullptr) return walkRange(tgt, ks, ke, minndxs);
    const CoinBigIndex at = lookedUp(*index, tgt, ks, ke, minndxs);
    if (presolveSearchesMode == 2 && at != walkRange(tgt, ks, ke, minndxs)) presolveSearchesDisagreed += 1;
    return at;
}

extern "C" {
void plumb_clp_set_presolve_searches(int mode) { presolveSearchesMode = mode; }
long plumb_clp_presolve_searches_found(void) { return presolveSearchesFound; }
long plumb_clp_presolve_searches_disagreed(void) { return presolveSearchesDisagreed; }
}

// Room for a long column of presolve's matrix, made by moving the short
// column behind it (see `presolve_expand_major` below), in the same
// CoinUtils 2.11.4 section: its object code is what this was checked
// against.

namespace {

/// 1 (the default): inside presolve's implied-free substitutions a long
/// column without room gets it by moving the short column behind it; 0:
/// CoinUtils' own moves (the long column to the end of the store).
thread_local int presolveRoomMode = 1;
/// Short columns moved (or shifted) to make room for a long one, on this
/// thread over its life.
thread_local long presolveRoomMoves = 0;
/// Whether each call of the substitutions ends by folding its matrix (both
/// representations, column by column and row by row, in order; no
/// positions) into `presolveDigest`, for the tests.
thread_local bool presolveDigestOn = false;
thread_local Digest presolveDigest;

/// Folds the entries of `count` major vectors (`starts`, `lengths`), each in
/// its order, into the digest: where they sit in the store is left out.
void digestMajors(int count, const CoinBigIndex *starts, const int *lengths, const int *minors,
                  const double *elements) {
    presolveDigest.add(static_cast<uint64_t>(count));
    for (int j = 0; j < count; j++) {
        presolveDigest.add(static_cast<uint64_t>(lengths[j]));
        for (CoinBigIndex k = starts[j]; k < starts[j] + lengths[j]; k++) {
            presolveDigest.add(static_cast<uint64_t>(minors[k]));
            presolveDigest.add(elements[k]);
        }
    }
}

void digestPresolveMatrix(const CoinPresolveMatrix *prob) {
    if (!presolveDigestOn) return;
    digestMajors(prob->ncols_, prob->mcstrt_, prob->hincol_, prob->hrow_, prob->colels_);
    digestMajors(prob->nrows_, prob->mrstrt_, prob->hinrow_, prob->hcol_, prob->rowels_);
    // The row bounds and costs too (the substitutions change both).
    for (const double *values : {static_cast<const double *>(prob->rlo_), static_cast<const double *>(prob->rup_)}) {
        for (int i = 0; i < prob->nrows_; i++) presolveDigest.add(values[i]);
    }
    for (int j = 0; j < prob->ncols_; j++) presolveDigest.add(prob->cost_[j]);
}

using ExpandMajor = bool (*)(CoinBigIndex *, double *, int *, int *, presolvehlink *, int, int);

ExpandMajor coinUtilsExpandMajor() {
    static const ExpandMajor own =
        reinterpret_cast<ExpandMajor>(dlsym(RTLD_NEXT, "_Z21presolve_expand_majorPiPdS_S_P13presolvehlinkii"));
    return own;
}

/// Moves major vector `j`'s entries to start at `to` (the ranges may
/// overlap) and records its new start.
void moveMajor(CoinBigIndex *starts, double *elements, int *minors, const int *lengths, int j, CoinBigIndex to) {
    const CoinBigIndex from = starts[j];
    std::memmove(&minors[to], &minors[from], static_cast<size_t>(lengths[j]) * sizeof(int));
    std::memmove(&elements[to], &elements[from], static_cast<size_t>(lengths[j]) * sizeof(double));
    starts[j] = to;
}

}  // namespace

// CoinUtils' step that makes room for one more entry in a column (or row)
// of presolve's loosely packed store: when the vector after it leaves no
// room, the column is copied whole behind the store's last vector
// (compacting the store when the end is full). Inside the substitutions
// (`subst_constraint_action::presolve` above) the guide's column on
// `priorities` gains a row at most substitutions and the short columns
// moved after it take the room behind it, so it was copied whole, and the
// store compacted, again and again: O(rows) a substitution
// (`plumb check` at 10,000 views: 2,704 M instructions of 33,429 M, x640
// from 1,000 views; BENCHMARKS.md, prio57). Here, inside that window, a
// column of `longColumn` entries or more without room gets it by moving
// the short columns behind it instead: each one to behind the store's last
// vector, or, when it is the last, further along the free end, leaving the
// long column a room of an eighth of its length. Every vector keeps its
// entries in their order; only where vectors sit in the store changes
// (and so when it is compacted), which nothing downstream reads: Clp takes
// the presolved matrix column by column and packs it (`ClpPackedMatrix`'s
// copy drops the gaps), and postsolve starts from that packed copy. So
// presolve makes the same matrix, entry for entry. Anything else (another
// matrix, a row, a short column, a long column behind another long one, no
// room at the store's end) is CoinUtils' own step. libCoinUtils calls this
// step through its procedure linkage table, so this definition takes its
// place everywhere; outside the window it is CoinUtils' own.
bool presolve_expand_major(CoinBigIndex *majstrts, double *majels, int *minndxs, int *majlens,
                           presolvehlink *majlinks, int nmaj, int k) {
    const ExpandMajor own = coinUtilsExpandMajor();
    if (presolveWindowRows != minndxs || presolveRoomMode == 0 || majlens[k] < longColumn) {
        return own(majstrts, majels, minndxs, majlens, majlinks, nmaj, k);
    }
    const CoinBigIndex bulk = majstrts[nmaj];
    const CoinBigIndex end = majstrts[k] + majlens[k];
    // CoinUtils' test for room in place: two free places behind the column.
    auto roomy = [&] { return end + 1 < majstrts[majlinks[k].suc]; };
    for (int moved = 0; !roomy() && moved < 16; moved++) {
        const int next = majlinks[k].suc;
        if (next == nmaj || majlens[next] * 8 > majlens[k]) break;
        const int last = majlinks[nmaj].pre;
        if (next == last) {
            // The last vector: shifted along the free end.
            const CoinBigIndex to = std::max(majstrts[next], end + 1 + majlens[k] / 8);
            if (to + majlens[next] + 1 >= bulk) break;
            moveMajor(majstrts, majels, minndxs, majlens, next, to);
        } else {
            const CoinBigIndex to = majstrts[last] + majlens[last];
            if (to + majlens[next] + 1 >= bulk) break;
            moveMajor(majstrts, majels, minndxs, majlens, next, to);
            PRESOLVE_REMOVE_LINK(majlinks, next);
            PRESOLVE_INSERT_LINK(majlinks, next, last);
        }
        presolveRoomMoves += 1;
    }
    if (roomy()) return false;
    return own(majstrts, majels, minndxs, majlens, majlinks, nmaj, k);
}

extern "C" {
void plumb_clp_set_presolve_room(int mode) { presolveRoomMode = mode; }
long plumb_clp_presolve_room_moves(void) { return presolveRoomMoves; }
void plumb_clp_set_presolve_digest(int on) {
    presolveDigestOn = on != 0;
    presolveDigest = Digest();
}
unsigned long long plumb_clp_presolve_digest(void) { return presolveDigest.value; }
}

// CoinUtils' implied-free substitutions stated in this file, so that the
// target row's deletion from its columns can use the long columns' index
// (same CoinUtils 2.11.4 section; its object code is what this was checked
// against: the same calls, in the same order, on the same values).
//
// For each candidate (an equality `row` and a column `col` of 2 to
// `maxLength` entries that the equality bounds) the step solves the row for
// the column and puts that formula in every other row of the column, which
// leaves the column a singleton in `row`; both are then dropped. CoinUtils
// removes `row` from each of its columns with an inline walk from the
// column's start: on `priorities` the guide's column has an entry in every
// row of items, so each substitution walked it whole, O(rows) a
// substitution (`plumb check priorities` at 10,000 views: the step's own
// 1,853 M instructions, x52 from 1,000 views; BENCHMARKS.md, prio58). Here
// that deletion looks a long column's row up in the window's index and
// moves the column's last entry into the hole as CoinUtils does, so every
// column ends with the same entries in the same order.

namespace {

/// Target rows deleted from a long column found from its index, on this
/// thread over its life.
thread_local long presolveDeletionsFound = 0;

/// Deletes `row` from `column` of presolve's column store as CoinUtils'
/// `presolve_delete_from_col` does (the last entry fills the hole), the row
/// found from the window's index when the column is long.
void deleteRowFromColumn(CoinPresolveMatrix *prob, int row, int column) {
    int *rows = prob->hrow_;
    double *values = prob->colels_;
    const CoinBigIndex ks = prob->mcstrt_[column];
    const CoinBigIndex ke = ks + prob->hincol_[column];
    PresolveColumnRows *index = nullptr;
    if (presolveWindowRows == rows && ke - ks >= longColumn) index = presolveIndex(ks, ke);
    const CoinBigIndex k = index != nullptr ? lookedUp(*index, row, ks, ke, rows) : walkRange(row, ks, ke, rows);
    if (index != nullptr && presolveSearchesMode == 2 && k != walkRange(row, ks, ke, rows)) {
        presolveSearchesDisagreed += 1;
    }
    if (index != nullptr) presolveDeletionsFound += 1;
    if (k >= ke) throw CoinError("a row missing from its column", "deleteRowFromColumn", "ClpSimplexShim");
    const int last = rows[ke - 1];
    rows[k] = last;
    values[k] = values[ke - 1];
    prob->hincol_[column] -= 1;
    if (index != nullptr) {
        index->at[static_cast<size_t>(last)] = static_cast<int>(k - ks);
        index->at[static_cast<size_t>(row)] = -1;
    }
}

/// Adds `factor` times row `y` to row `x` in the row store (bounds and
/// activity too), both rows sorted by column; a sum below `killRatio *
/// factor` in magnitude becomes 0. `whereInX[m]` gets the offset in `x` of
/// `y`'s m-th column. Entries new to `x` go after its last; making room may
/// move rows. True when the store has no room left.
bool addScaledRow(CoinPresolveMatrix *prob, double factor, double killRatio, int x, int y, int *whereInX) {
    CoinBigIndex *starts = prob->mrstrt_;
    int *lengths = prob->hinrow_;
    int *columns = prob->hcol_;
    double *values = prob->rowels_;
    const double shift = prob->rlo_[y] * factor;
    const double smallest = killRatio * factor;
    if (-PRESOLVE_INF < prob->rlo_[x]) prob->rlo_[x] = prob->rlo_[x] + shift;
    if (prob->rup_[x] < PRESOLVE_INF) prob->rup_[x] = prob->rup_[x] + shift;
    if (prob->acts_ != nullptr) prob->acts_[x] += shift;

    CoinBigIndex ys = starts[y];
    CoinBigIndex ye = ys + lengths[y];
    CoinBigIndex xs = starts[x];
    CoinBigIndex xEnd = xs + lengths[x];
    // `x`'s entries before any fill: the only ones a column of `y` can match.
    CoinBigIndex xOld = xEnd;
    CoinBigIndex at = xs;
    int filled = 0;
    for (CoinBigIndex ky = ys; ky < ye; ky++) {
        const int j = columns[ky];
        while (at < xOld && columns[at] < j) at++;
        if (at < xOld && columns[at] == j) {
            double sum = values[at] + values[ky] * factor;
            if (std::fabs(sum) < smallest) sum = 0.0;
            values[at] = sum;
            whereInX[filled++] = static_cast<int>(at - xs);
            at++;
            continue;
        }
        const double added = values[ky] * factor;
        if (presolve_expand_row(starts, values, columns, lengths, prob->rlink_, prob->nrows_, x)) return true;
        ky = starts[y] + (ky - ys);
        ys = starts[y];
        ye = ys + lengths[y];
        at = starts[x] + (at - xs);
        xOld = starts[x] + (xOld - xs);
        xs = starts[x];
        xEnd = xs + lengths[x];
        columns[xEnd] = j;
        values[xEnd] = added;
        whereInX[filled++] = static_cast<int>(xEnd - xs);
        lengths[x] += 1;
        xEnd++;
    }
    return false;
}

Substitutions substitute(CoinPresolveMatrix *prob, const int *impliedFree, const int *freeColumns, int count,
                         int maxLength) {
    Substitutions out;
    const int ncols = prob->ncols_;
    CoinBigIndex *rowStarts = prob->mrstrt_;
    int *rowLengths = prob->hinrow_;
    int *rowColumns = prob->hcol_;
    double *rowValues = prob->rowels_;
    CoinBigIndex *columnStarts = prob->mcstrt_;
    int *columnLengths = prob->hincol_;
    int *columnRows = prob->hrow_;
    double *columnValues = prob->colels_;
    double *cost = prob->cost_;
    const double tolerance = prob->feasibilityTolerance_;
    // Offsets of a target row's entries in the row it is added to: as many
    // as the longest target row so far (an array of every column, zeroed at
    // each call, cost `levels` 1.7 M instructions at 10,000 views; stop 59).
    std::vector<int> whereInX;
    std::vector<int> usedRows;

    for (int n = 0; n < count; n++) {
        const int col = freeColumns[n];
        const int row = impliedFree[n];
        const int colLength = columnLengths[col];
        const int rowLength = rowLengths[row];
        if (colLength < 2 || colLength > maxLength) continue;
        const CoinBigIndex cs = columnStarts[col];
        const CoinBigIndex ce = cs + colLength;
        // Refused: a row of the column short, already changed in this call,
        // or a coefficient (near) zero; or a factor above 10; or (never
        // seen) too many columns to check for zeros.
        double pivot = 0.0;
        bool refused = false;
        for (CoinBigIndex k = cs; k < ce && !refused; k++) {
            const int i = columnRows[k];
            refused = rowLengths[i] < 2 || prob->rowUsed(i) || std::fabs(columnValues[k]) <= ZTOLDP2;
            if (!refused && i == row) pivot = columnValues[k];
        }
        if (refused) continue;
        for (CoinBigIndex k = cs; k < ce; k++) {
            if (std::fabs(columnValues[k] / pivot) > 10.0) refused = true;
        }
        if (refused || static_cast<long>(out.zeroColumns.size()) + rowLengths[row] >= ncols) continue;

        const bool costed = std::fabs(cost[col]) > tolerance;
        SubstitutionRecord r;
        double *costs = costed ? new double[static_cast<size_t>(rowLengths[row])] : nullptr;
        int total = 0;
        for (CoinBigIndex k = cs; k < ce; k++) {
            const int i = columnRows[k];
            total += rowLengths[i];
            prob->setRowUsed(i);
            usedRows.push_back(i);
        }
        r.column = col;
        r.row = row;
        r.columnLength = colLength;
        r.rows = new int[static_cast<size_t>(colLength)];
        r.rowLowers = new double[static_cast<size_t>(colLength)];
        r.rowUppers = new double[static_cast<size_t>(colLength)];
        r.costs = costs;
        r.columnCoefficients = new double[static_cast<size_t>(colLength)];
        r.rowLengths = new int[static_cast<size_t>(colLength)];
        r.rowColumns = new int[static_cast<size_t>(total)];
        r.rowCoefficients = new double[static_cast<size_t>(total)];
        // The column's rows as they are now, for postsolve.
        int copied = 0;
        for (CoinBigIndex k = cs; k < ce; k++) {
            const size_t m = static_cast<size_t>(k - cs);
            const int i = columnRows[k];
            const CoinBigIndex rs = rowStarts[i];
            prob->addRow(i);
            r.rows[m] = i;
            r.rowLengths[m] = rowLengths[i];
            r.rowLowers[m] = prob->rlo_[i];
            r.rowUppers[m] = prob->rup_[i];
            r.columnCoefficients[m] = columnValues[k];
            std::memcpy(&r.rowColumns[copied], &rowColumns[rs], static_cast<size_t>(rowLengths[i]) * sizeof(int));
            std::memcpy(&r.rowCoefficients[copied], &rowValues[rs],
                        static_cast<size_t>(rowLengths[i]) * sizeof(double));
            copied += rowLengths[i];
        }
        out.records.push_back(r);

        CoinBigIndex ts = rowStarts[row];
        CoinBigIndex te = ts + rowLengths[row];
        if (costed) {
            // c(j) -= a(row, j) c(col) / a(row, col), the column's own too.
            const double columnCost = cost[col];
            for (CoinBigIndex k = ts; k < te; k++) {
                const int j = rowColumns[k];
                prob->addCol(j);
                costs[k - ts] = cost[j];
                cost[j] -= (columnCost * rowValues[k]) / pivot;
            }
            prob->change_bias(columnCost * prob->rlo_[row] / pivot);
            cost[col] = 0.0;
        }
        double killRatio = 1.0e-12;
        for (int i = 0; i < (prob->presolveOptions() & 0x60000) >> 17; i++) killRatio *= 10.0;

        CoinSort_2(rowColumns + ts, rowColumns + te, rowValues + ts);
        if (whereInX.size() < static_cast<size_t>(rowLength)) whereInX.resize(static_cast<size_t>(rowLength));
        for (int m = 0; m < colLength; m++) {
            const int i = r.rows[m];
            if (i == row) continue;
            const double factor = -r.columnCoefficients[m] / pivot;
            CoinSort_2(rowColumns + rowStarts[i], rowColumns + rowStarts[i] + rowLengths[i],
                       rowValues + rowStarts[i]);
            if (addScaledRow(prob, factor, killRatio, i, row, whereInX.data())) {
                throw CoinError("out of memory", "substitute", "ClpSimplexShim");
            }
            const CoinBigIndex xs = rowStarts[i];
            ts = rowStarts[row];
            te = ts + rowLengths[row];
            // Row i's new entries into the column store.
            for (int t = 0; t < rowLength; t++) {
                const int j = rowColumns[ts + t];
                const double value = rowValues[xs + whereInX[static_cast<size_t>(t)]];
                CoinBigIndex js = columnStarts[j];
                CoinBigIndex je = js + columnLengths[j];
                const CoinBigIndex k = presolve_find_minor1(i, js, je, columnRows);
                if (k < je) {
                    columnValues[k] = value;
                    continue;
                }
                if (presolve_expand_col(columnStarts, columnValues, columnRows, columnLengths, prob->clink_, ncols,
                                        j)) {
                    throw CoinError("out of memory", "substitute", "ClpSimplexShim");
                }
                js = columnStarts[j];
                je = js + columnLengths[j];
                columnRows[je] = i;
                columnValues[je] = value;
                columnLengths[j] += 1;
            }
            presolve_delete_from_row(i, col, rowStarts, rowLengths, rowColumns, rowValues);
        }
        out.zeroColumns.insert(out.zeroColumns.end(), rowColumns + rowStarts[row],
                               rowColumns + rowStarts[row] + rowLengths[row]);
        for (CoinBigIndex k = ts; k < te; k++) {
            const int j = rowColumns[k];
            deleteRowFromColumn(prob, row, j);
            if (columnLengths[j] == 0) PRESOLVE_REMOVE_LINK(prob->clink_, j);
        }
        PRESOLVE_REMOVE_LINK(prob->clink_, col);
        columnLengths[col] = 0;
        PRESOLVE_REMOVE_LINK(prob->rlink_, row);
        rowLengths[row] = 0;
        prob->rlo_[row] = 0.0;
        prob->rup_[row] = 0.0;
    }
    for (int i : usedRows) prob->unsetRowUsed(i);
    return out;
}

}  // namespace

extern "C" {
void plumb_clp_set_presolve_substitution(int mode) { presolveSubstitutionMode = mode; }
long plumb_clp_presolve_deletions_found(void) { return presolveDeletionsFound; }
}

// The slots of presolve's and postsolve's long-column indexes (`IndexSlots`).
extern "C" {
void plumb_clp_set_index_slots_growing(int on) {
    indexSlotsGrow = on != 0;
    presolveSlots = IndexSlots();
    presolveWindow.columns.clear();
    postsolveSlots = IndexSlots();
    postsolveWindow.columns.clear();
}
long plumb_clp_index_slots_grown(void) { return indexSlotsGrown; }
}
#else
// Another CoinUtils: its own steps and searches, nothing looked up.
extern "C" {
void plumb_clp_set_column_rows(int) {}
long plumb_clp_column_rows_found(void) { return 0; }
long plumb_clp_presolve_rows_found(void) { return 0; }
unsigned long long plumb_clp_factorization_digest(int, const int *, const int *, const double *, int) { return 0; }
void plumb_clp_set_postsolve_rows(int) {}
long plumb_clp_postsolve_rows_found(void) { return 0; }
long plumb_clp_postsolve_rows_deleted(void) { return 0; }
void plumb_clp_set_presolve_searches(int) {}
long plumb_clp_presolve_searches_found(void) { return 0; }
long plumb_clp_presolve_searches_disagreed(void) { return 0; }
void plumb_clp_set_presolve_room(int) {}
long plumb_clp_presolve_room_moves(void) { return 0; }
void plumb_clp_set_presolve_digest(int) {}
unsigned long long plumb_clp_presolve_digest(void) { return 0; }
void plumb_clp_set_presolve_substitution(int) {}
long plumb_clp_presolve_deletions_found(void) { return 0; }
void plumb_clp_set_index_slots_growing(int) {}
long plumb_clp_index_slots_grown(void) { return 0; }
}
#endif

namespace {

#if CLP_VERSION_MAJOR == 1 && CLP_VERSION_MINOR == 17
/// How the shim prices by the largest infeasibility on this thread (see
/// `plumb_clp_set_listed_pricing`), and its choices from the list and
/// those Clp's own scan made otherwise, counted when checking.
thread_local int listedPricing = 1;
thread_local long listedChoices = 0;
thread_local long listedDisagreements = 0;
thread_local long listedLooks = 0;

/// Clp's pricing by the largest infeasibility (`ClpDualRowDantzig`), the
/// same row chosen, found in a list of the rows that may be infeasible
/// rather than by a scan of every row at every pivot. Clp's own scan was
/// O(rows) a pivot: on `chartgrid --width 480` the cold dual after its
/// failed promotion makes a pivot or two a row of charts, and at 30,000
/// views the scan was a quarter of that dual.
///
/// The list holds every row whose basic variable was outside its bounds by
/// more than the tolerance at the last full scan, and every row whose value
/// changed since and then lay outside by more than the tolerance the list
/// holds to (Clp's dual moves the basic values only through
/// `updatePrimalSolution`, which sees each changed row, and the pivot row,
/// which was listed to be chosen). A row found within the tolerance leaves
/// the list; the tolerance the list was built under only grows until the
/// next full scan, which is made after anything else that may move values,
/// bounds or the basis: a factorisation or any saving or restoring of
/// weights (Clp's check of their accuracy after each pivot moves nothing),
/// a refactorisation between two calls, a tolerance below the list's. The choice is Clp 1.17's (this build of the library scales a
/// structural column's infeasibility by 1.01, as its `pivotRow` reads) over
/// the listed rows, the lowest row of equal ones, as its scan upwards
/// keeps the first: the same pivots, bit for bit.
class ListedLargestInfeasibility : public ClpDualRowDantzig {
public:
    ListedLargestInfeasibility() = default;
    // A copy (Clp copies the pricing into a presolved model, or a copy
    // without free rows) starts with a full scan of its own model.
    ListedLargestInfeasibility(const ListedLargestInfeasibility &other) : ClpDualRowDantzig(other) {}
    ListedLargestInfeasibility &operator=(const ListedLargestInfeasibility &) = delete;

    ClpDualRowPivot *clone(bool copyData = true) const override {
        return copyData ? new ListedLargestInfeasibility(*this) : new ListedLargestInfeasibility();
    }

    int pivotRow() override {
        const int rows = model_->numberRows();
        const int pivots = model_->factorization()->pivots();
        double tolerance = model_->currentPrimalTolerance();
        if (model_->largestPrimalError() > 1.0e-8) tolerance *= model_->largestPrimalError() / 1.0e-8;
        if (listed_.size() != static_cast<size_t>(rows) || (pivots != pivots_ && pivots != pivots_ + 1) ||
            tolerance < listTolerance_) {
            rescan_ = true;
        }
        pivots_ = pivots;
        if (rescan_) {
            list_.clear();
            listed_.assign(static_cast<size_t>(rows), 0);
            for (int row = 0; row < rows; row++) {
                if (excess(row) > tolerance) {
                    list_.push_back(row);
                    listed_[static_cast<size_t>(row)] = 1;
                }
            }
            listTolerance_ = tolerance;
            rescan_ = false;
        } else if (tolerance > listTolerance_) {
            listTolerance_ = tolerance;
        }
        const int *pivotVariable = model_->pivotVariable();
        const int columns = model_->numberColumns();
        int chosen = -1;
        double largest = 0.0;
        const size_t looked = list_.size();
        for (size_t k = 0; k < list_.size();) {
            const int row = list_[k];
            double value = excess(row);
            if (!(value > tolerance)) {
                listed_[static_cast<size_t>(row)] = 0;
                list_[k] = list_.back();
                list_.pop_back();
                continue;
            }
            const int sequence = pivotVariable[row];
            if (sequence < columns) value *= 1.01;
            if ((value > largest || (value == largest && row < chosen)) && !model_->flagged(sequence)) {
                chosen = row;
                largest = value;
            }
            k++;
        }
        listedChoices += 1;
        listedLooks += static_cast<long>(looked);
        if (listedPricing == 2) {
            if (ClpDualRowDantzig::pivotRow() != chosen) listedDisagreements += 1;
            // Every row outside the tolerance must be listed, chosen or not.
            for (int row = 0; row < rows; row++) {
                if (excess(row) > tolerance && !listed_[static_cast<size_t>(row)]) {
                    listedDisagreements += 1;
                    break;
                }
            }
        }
        return chosen;
    }

    /// Clp 1.17's update of the basic values (its `updatePrimalSolution`,
    /// restated from its object code: the same products and sums in the
    /// same order, so the same bits), with the list's upkeep in the same
    /// pass: a row the update moves is listed only when its new value lies
    /// outside the tolerance the list holds to. A row inside it could not
    /// be chosen before the next full scan (a lower tolerance brings one),
    /// and on `chartgrid --width 480` the update moves some 5,000 rows a
    /// pivot, of which few leave the tolerance.
    void updatePrimalSolution(CoinIndexedVector *input, double primalRatio, double &objectiveChange) override {
        double *work = input->denseVector();
        const int count = input->getNumElements();
        const int *which = input->getIndices();
        const bool packed = input->packedMode();
        const int *pivotVariable = model_->pivotVariable();
        double *solution = model_->solutionRegion();
        const double *cost = model_->costRegion();
        const double *lower = model_->lowerRegion(), *upper = model_->upperRegion();
        const size_t rows = listed_.size();
        const bool everyMove = listedPricing == 3;
        double changeObjective = 0.0;
        for (int i = 0; i < count; i++) {
            const int row = which[i];
            const int sequence = pivotVariable[row];
            double &entry = work[packed ? i : row];
            const double change = entry * primalRatio;
            const double value = solution[sequence] - change;
            solution[sequence] = value;
            changeObjective -= change * cost[sequence];
            entry = 0.0;
            if (rescan_) continue;
            if (row < 0 || static_cast<size_t>(row) >= rows) {
                rescan_ = true;
                continue;
            }
            if (listed_[static_cast<size_t>(row)]) continue;
            const double below = lower[sequence] - value, above = value - upper[sequence];
            if (everyMove || (above > below ? above : below) > listTolerance_) {
                listed_[static_cast<size_t>(row)] = 1;
                list_.push_back(row);
            }
        }
        input->setNumElements(0);
        input->setPackedMode(false);
        objectiveChange += changeObjective;
    }

    void saveWeights(ClpSimplex *model, int mode) override {
        rescan_ = true;
        ClpDualRowDantzig::saveWeights(model, mode);
    }
    void unrollWeights() override {
        rescan_ = true;
        ClpDualRowDantzig::unrollWeights();
    }
    void clearArrays() override {
        rescan_ = true;
        ClpDualRowDantzig::clearArrays();
    }

private:
    /// How far the basic variable of `row` lies outside its bounds, as
    /// Clp's scan computes it.
    double excess(int row) const {
        const int sequence = model_->pivotVariable()[row];
        const double value = model_->solution(sequence);
        const double below = model_->lower(sequence) - value, above = value - model_->upper(sequence);
        return above > below ? above : below;
    }

    std::vector<int> list_;
    std::vector<char> listed_;
    double listTolerance_ = 0.0;
    int pivots_ = -1;
    bool rescan_ = true;
};

void priceByLargestInfeasibility(ClpSimplex &simplex) {
    if (listedPricing == 0) {
        ClpDualRowDantzig plain;
        simplex.setDualRowPivotAlgorithm(plain);
        return;
    }
    ListedLargestInfeasibility largest;
    simplex.setDualRowPivotAlgorithm(largest);
}
}  // namespace

extern "C" {
void plumb_clp_set_listed_pricing(int mode) { listedPricing = mode; }
long plumb_clp_listed_choices(void) { return listedChoices; }
long plumb_clp_listed_disagreements(void) { return listedDisagreements; }
long plumb_clp_listed_looks(void) { return listedLooks; }
}
#else
// Another Clp: its own pricing by the largest infeasibility (its scan's
// scaling of structural columns is a build setting the list could not be
// sure to repeat).
void priceByLargestInfeasibility(ClpSimplex &simplex) {
    ClpDualRowDantzig largest;
    simplex.setDualRowPivotAlgorithm(largest);
}

}  // namespace

extern "C" {
void plumb_clp_set_listed_pricing(int) {}
long plumb_clp_listed_choices(void) { return 0; }
long plumb_clp_listed_disagreements(void) { return 0; }
long plumb_clp_listed_looks(void) { return 0; }
}
#endif

// mem58: a few columns' upper bounds set without an array of every column.
extern "C" void plumb_clp_set_column_uppers_at(PlumbClpModel *model, int count, const int *columns,
                                               const double *uppers) {
    ClpSimplex &simplex = model->simplex;
    double *upper = simplex.columnUpper();
    const int all = simplex.numberColumns();
    // As `chgColumnUpper` with the model's own bounds but these: each bound
    // above 1e20 becomes Clp's infinity, and Clp's record of what changed
    // is cleared.
    for (int j = 0; j < all; j++)
        if (upper[j] > 1.0e20) upper[j] = COIN_DBL_MAX;
    for (int k = 0; k < count; k++) upper[columns[k]] = uppers[k] > 1.0e20 ? COIN_DBL_MAX : uppers[k];
    simplex.setWhatsChanged(0);
}

// A level's costs, as `plumb_clp_set_objective` with an array of 1 at each
// error column `firstError + j` whose `levelOfError[j]` is `level` and 0
// elsewhere, written in place; the number of columns at 1.
extern "C" int plumb_clp_set_level_objective(PlumbClpModel *model, int firstError, int errors,
                                             const double *levelOfError, double level) {
    ClpSimplex &simplex = model->simplex;
    simplex.setWhatsChanged(0);
    double *costs = simplex.objective();
    if (costs == nullptr) return 0;
    std::fill(costs, costs + simplex.numberColumns(), 0.0);
    int count = 0;
    for (int j = 0; j < errors; j++) {
        if (levelOfError[j] != level) continue;
        costs[firstError + j] = 1.0;
        count += 1;
    }
    return count;
}

// `rows` opened (bounds -inf and +inf), as `plumb_clp_set_row_bounds` with
// the model's own bounds but these: each lower bound below -1e20 becomes
// Clp's -infinity and each upper above 1e20 its infinity, and Clp's record
// of what changed is cleared.
extern "C" void plumb_clp_open_rows(PlumbClpModel *model, int count, const int *rows) {
    ClpSimplex &simplex = model->simplex;
    double *lower = simplex.rowLower(), *upper = simplex.rowUpper();
    const int all = simplex.numberRows();
    for (int i = 0; i < all; i++) {
        if (lower[i] < -1.0e20) lower[i] = -COIN_DBL_MAX;
        if (upper[i] > 1.0e20) upper[i] = COIN_DBL_MAX;
    }
    for (int k = 0; k < count; k++) {
        lower[rows[k]] = -COIN_DBL_MAX;
        upper[rows[k]] = COIN_DBL_MAX;
    }
    simplex.setWhatsChanged(0);
}

// The heap given back around a zero trial (BENCHMARKS.md, mem59), when the
// process asks for it (`plumb_clp_set_heap_given_back`; the `plumb` tool
// does for a document too large for its heap reservation). The trial's
// dual ends by freeing every work area Clp made for it (the matrix's row
// copy, the bounds, costs and point it works on, its indexed vectors, the
// factorisation, both pricings' weights), and the part's next calls make
// them again. glibc keeps the freed memory resident and places the new
// blocks only partly on it, so on `levels` at 100,000 views the process
// peaked 170 MB above the trial, at the next check. `malloc_trim` before
// the trial (the check's freed blocks) and after it hands the free pages
// back to the system; the next calls fault theirs in afresh (a quarter
// more page faults there). Nothing Clp computes depends on where its
// blocks lie, so every result is the same to the bit.
#include <atomic>
#include <malloc.h>

//
// A thread may override the process's setting for its own calls
// (`plumb_clp_set_heap_given_back_on_this_thread`): the tests turn it on for
// the solves they make on their thread, without reaching the solves other
// tests run beside them (a stalled probe's factorisation freed early, for
// one, leaves a later release nothing to free).
namespace {
std::atomic<int> heapGivenBack{0};
std::atomic<long> heapTrims{0};
thread_local int heapGivenBackOnThisThread = -1;  // -1: the process's setting
}  // namespace

static bool heapIsGivenBack() {
    int here = heapGivenBackOnThisThread;
    return here >= 0 ? here != 0 : heapGivenBack.load(std::memory_order_relaxed) != 0;
}

static void giveBackFreedHeap() {
    if (!heapIsGivenBack()) return;
    malloc_trim(0);
    heapTrims.fetch_add(1, std::memory_order_relaxed);
}

extern "C" void plumb_clp_set_heap_given_back(int on) { heapGivenBack.store(on ? 1 : 0, std::memory_order_relaxed); }
extern "C" int plumb_clp_heap_given_back(void) { return heapGivenBack.load(std::memory_order_relaxed); }
extern "C" void plumb_clp_set_heap_given_back_on_this_thread(int on) {
    heapGivenBackOnThisThread = on < 0 ? -1 : (on != 0 ? 1 : 0);
}
extern "C" int plumb_clp_heap_given_back_on_this_thread(void) { return heapIsGivenBack() ? 1 : 0; }
extern "C" long plumb_clp_heap_trims(void) { return heapTrims.load(std::memory_order_relaxed); }

// cg59: Clp's start factorises a basis it has just repaired a second time.
// When the basis a solve starts from is singular, `ClpFactorization::factorize`
// replaces the columns it could not pivot on with slacks and factorises the
// repaired basis (returning 0); `ClpSimplex::internalFactorize` then reports
// the columns thrown out, and `ClpSimplex::startup` loops: it calls
// `internalFactorize` again, whose `factorize` builds the same factorisation of
// the same basis from scratch (`chartgrid --width 480` at 30,000 views: the
// cold dual after the failed promotion, about 42 M instructions). The
// definition below takes Clp's place (libClp calls `factorize` through its
// procedure linkage table) and answers that second call from the
// factorisation the first one left. Only for Clp 1.17, whose `factorize` it
// was checked against (1.17.6's object code, the source of 1.17): on a status
// 0 the function's work after the factorisation is the pivot order written
// into the model's `pivotVariable`, the permutations copied, and
// `CoinFactorization::checkSparse` (the FTRAN / BTRAN statistics averaged and
// scaled by 0.8). The first two give what the first call wrote (the same
// basis in the same order, the same factorisation), so only `checkSparse` is
// made. A call is answered only when it is the next one on the thread after
// the repair, on the same model and factorisation, at the start (no pivot
// made, a start's factorisation from the status array), with the same
// variables basic; anything else is Clp's own call. Between the two calls
// Clp's start changes no bound, cost, scale or matrix entry (the repair
// returns to `startup`, which loops straight back), and the factorisation
// depends only on the basic variables' columns.
#if CLP_VERSION_MAJOR == 1 && CLP_VERSION_MINOR == 17
#include <cstdlib>
#include <dlfcn.h>

namespace {

/// How a start's repeated factorisation is made on this thread (see
/// `plumb_clp_set_repeated_start`), and the counts.
thread_local int repeatedStartMode = 1;
thread_local long repeatedStartsKept = 0;
thread_local long repeatedStartsChecked = 0;
thread_local long repeatedStartsDisagreed = 0;
/// Factorisations made on this thread (`plumb_clp_factorizations`; cg61).
thread_local long factorizationsMade = 0;

/// The factorisation a start's first call repaired and left, waiting for
/// the next call: only that one may be answered from it.
struct RepairedStart {
    const ClpFactorization *factorization = nullptr;
    const CoinFactorization *factors = nullptr;
    const ClpSimplex *model = nullptr;
    int rows = 0, columns = 0, elementsU = 0, elementsL = 0;
    /// Which variables (columns, then rows) the repaired basis holds.
    std::vector<unsigned char> basic;
};
thread_local RepairedStart repairedStart;

/// How many rows have their slack basic.
int basicRows(const ClpSimplex *model) {
    const unsigned char *status = model->statusArray() + model->numberColumns();
    const int rows = model->numberRows();
    int count = 0;
    for (int i = 0; i < rows; i++) count += (status[i] & 7) == ClpSimplex::basic ? 1 : 0;
    return count;
}

void basicOf(const ClpSimplex *model, std::vector<unsigned char> &basic) {
    const unsigned char *status = model->statusArray();
    const size_t total = static_cast<size_t>(model->numberColumns() + model->numberRows());
    basic.resize(total);
    for (size_t k = 0; k < total; k++) basic[k] = (status[k] & 7) == ClpSimplex::basic ? 1 : 0;
}

/// A digest (FNV-1a) of a factorisation as Clp's solves use it: the
/// model's pivot order, the permutations, the pivots and U's entries in
/// order (for the checking mode).
uint64_t startDigest(const CoinFactorization *factorization, const ClpSimplex *model) {
    Digest digest;
    const int rows = model->numberRows();
    digest.add(static_cast<uint64_t>(factorization->status()));
    digest.add(static_cast<uint64_t>(factorization->numberElementsU()));
    digest.add(static_cast<uint64_t>(factorization->numberElementsL()));
    const int *pivots = model->pivotVariable();
    const int *count = factorization->numberInColumn(), *start = factorization->startColumnU();
    const int *row = factorization->indexRowU();
    const CoinFactorizationDouble *value = factorization->elementU();
    for (int i = 0; i < rows; i++) {
        digest.add(static_cast<uint64_t>(pivots[i]));
        digest.add(static_cast<uint64_t>(factorization->permute()[i]));
        digest.add(static_cast<uint64_t>(factorization->permuteBack()[i]));
        digest.add(static_cast<uint64_t>(factorization->pivotColumn()[i]));
        digest.add(static_cast<uint64_t>(factorization->pivotColumnBack()[i]));
        digest.add(static_cast<double>(factorization->pivotRegion()[i]));
        for (int k = start[i]; k < start[i] + count[i]; k++) {
            digest.add(static_cast<uint64_t>(row[k]));
            digest.add(static_cast<double>(value[k]));
        }
    }
    return digest.value;
}

using Factorize = int (*)(ClpFactorization *, ClpSimplex *, int, bool);

/// Clp's own `factorize`, the definition after this binary's.
Factorize clpFactorize() {
    static Factorize own =
        reinterpret_cast<Factorize>(dlsym(RTLD_NEXT, "_ZN16ClpFactorization9factorizeEP10ClpSimplexib"));
    return own;
}

}  // namespace

// cgfac66: a replay's start factorises the basis it factorised the step
// before. A `chartgrid` sweep replays two levels a step from their recorded
// bases with no pivot, so each level's start factorises, at the same scale,
// the basis the same level's start factorised the step before (45 M of the
// 147 M step). For the duals of a model that keeps its matrix checks (a
// replay's), a start's factorisation that ends with status 0 is kept: a
// copy of Clp's factor object (`CoinFactorization`'s own copy), the model's
// pivot order and the wrapper's timing fields it left, with all its inputs:
// which variables are basic, the scale factors, the matrix's (and the
// scaled matrix's) entries and shape, and the factor object's settings
// before the call. A later start whose inputs are the same, compared bit
// for bit, would build the same factors, so it is answered from the copy:
// the factors put back, the running object's FTRAN / BTRAN statistics kept
// (they carry its own history) and averaged as Clp's call ends
// (`checkSparse`), the pivot order and the three timing fields Clp's call
// sets written as the kept call left them (the pivots' running timing,
// `shortestAverage_`, `totalInR_`, `totalInIncreasingU_`, which the call
// leaves alone, stays the running object's). Anything else is Clp's own call. At most four kept per
// thread.
namespace {
template <typename T> void copyInto(std::vector<T> &to, const T *from, size_t count) {
    if (from == nullptr) to.clear(); else to.assign(from, from + count);
}

/// Whether `array` (`count` long, or null) is `kept`, bit for bit (an
/// empty `kept` stands for null).
template <typename T> bool sameArray(const std::vector<T> &kept, const T *array, size_t count) {
    if (array == nullptr) return kept.empty();
    return kept.size() == count && (count == 0 || std::memcmp(kept.data(), array, sizeof(T) * count) == 0);
}

/// A packed matrix's starts, lengths, indices and values, copied so that a
/// later matrix can be compared with them bit for bit: inputs of the kept
/// factorisations (below) and of the kept matrix checks (cgclp65).
struct MatrixEntries {
    std::vector<CoinBigIndex> starts;
    std::vector<int> lengths, indices;
    std::vector<double> values;

    /// Copies `matrix`'s (its entries up to its last start); all empty for null.
    void copy(const CoinPackedMatrix *matrix) {
        if (matrix == nullptr) { starts.clear(); lengths.clear(); indices.clear(); values.clear(); return; }
        const size_t major = static_cast<size_t>(matrix->getMajorDim());
        const size_t size = static_cast<size_t>(matrix->getVectorStarts()[major]);
        copyInto(starts, matrix->getVectorStarts(), major + 1);
        copyInto(lengths, matrix->getVectorLengths(), major);
        copyInto(indices, matrix->getIndices(), size);
        copyInto(values, matrix->getElements(), size);
    }

    /// Whether `matrix`'s are these, bit for bit (null: whether these are empty).
    bool same(const CoinPackedMatrix *matrix) const {
        if (matrix == nullptr) return starts.empty();
        const size_t major = static_cast<size_t>(matrix->getMajorDim());
        if (starts.size() != major + 1) return false;
        const size_t size = static_cast<size_t>(matrix->getVectorStarts()[major]);
        return sameArray(starts, matrix->getVectorStarts(), major + 1) &&
               sameArray(lengths, matrix->getVectorLengths(), major) && sameArray(indices, matrix->getIndices(), size) &&
               sameArray(values, matrix->getElements(), size);
    }
};

/// The packed matrix of `base`, or null.
const CoinPackedMatrix *packedOf(const ClpMatrixBase *base) {
    return base != nullptr ? base->getPackedMatrix() : nullptr;
}

struct FactorizeInputs {
    const PlumbClpModel *owner = nullptr;
    const ClpSimplex *model = nullptr;
    int rows = 0, columns = 0;
    std::vector<unsigned char> basic;
    std::vector<double> rowScale, columnScale;
    MatrixEntries matrix, scaledMatrix;
    double settings[4] = {0, 0, 0, 0};
    int counts[7] = {0, 0, 0, 0, 0, 0, 0};
    /// The factor object's sparse threshold before the call: not an input
    /// (see `settingsOf`), kept for `factorizationsAcrossSparseThreshold`.
    int sparseThreshold = 0;
};

/// The running factor object's FTRAN / BTRAN statistics.
struct FactorStatistics {
    double counts[8];
    int ftrans = 0, btrans = 0;
    double averages[6];
    explicit FactorStatistics(const CoinFactorization &f)
        : counts{f.ftranCountInput_, f.ftranCountAfterL_, f.ftranCountAfterR_, f.ftranCountAfterU_,
                 f.btranCountInput_, f.btranCountAfterU_, f.btranCountAfterR_, f.btranCountAfterL_},
          ftrans(f.numberFtranCounts_), btrans(f.numberBtranCounts_),
          averages{f.ftranAverageAfterL_, f.ftranAverageAfterR_, f.ftranAverageAfterU_,
                   f.btranAverageAfterU_, f.btranAverageAfterR_, f.btranAverageAfterL_} {}
    void putInto(CoinFactorization &f) const {
        f.ftranCountInput_ = counts[0]; f.ftranCountAfterL_ = counts[1];
        f.ftranCountAfterR_ = counts[2]; f.ftranCountAfterU_ = counts[3];
        f.btranCountInput_ = counts[4]; f.btranCountAfterU_ = counts[5];
        f.btranCountAfterR_ = counts[6]; f.btranCountAfterL_ = counts[7];
        f.numberFtranCounts_ = ftrans; f.numberBtranCounts_ = btrans;
        f.ftranAverageAfterL_ = averages[0]; f.ftranAverageAfterR_ = averages[1];
        f.ftranAverageAfterU_ = averages[2]; f.btranAverageAfterU_ = averages[3];
        f.btranAverageAfterR_ = averages[4]; f.btranAverageAfterL_ = averages[5];
    }
    bool operator==(const FactorStatistics &o) const {
        return std::memcmp(counts, o.counts, sizeof counts) == 0 && ftrans == o.ftrans && btrans == o.btrans &&
               std::memcmp(averages, o.averages, sizeof averages) == 0;
    }
};

struct KeptFactorization {
    FactorizeInputs inputs;
    std::unique_ptr<CoinFactorization> factors;
    std::vector<int> pivotVariable;
    /// The wrapper's `endLengthU_`, `lastNumberPivots_` and
    /// `effectiveStartNumberU_` as Clp's call left them.
    int timingCounts[3] = {0, 0, 0};
    uint64_t digest = 0;
};

thread_local int keptFactorizationMode = 1;
thread_local long factorizationsRestored = 0;
thread_local long factorizationsRestoreDisagreed = 0;
thread_local long factorizationsAcrossSparseThreshold = 0;
thread_local std::vector<std::unique_ptr<KeptFactorization>> keptFactorizations;

/// The factor object's settings that Clp's call reads. Not its sparse
/// threshold (again68): Clp's call first clears the object
/// (`gutsOfDestructor`, then `gutsOfInitialize(2)`, which sets the
/// threshold to 0) before anything reads it, and `internalFactorize` sets
/// it afresh after the call (`sparseThreshold(0)`, `goSparse`). A replay's
/// first start after the one-shot solve meets the 0 the fresh solve's
/// freed arrays left; every later start meets what `goSparse` chose (500 on
/// `chartgrid` 10,000), so with the threshold among the inputs the second
/// replay's first level never met the copy its first replay kept.
void settingsOf(const CoinFactorization *f, double settings[4], int counts[7]) {
    settings[0] = f->pivotTolerance();
    settings[1] = f->zeroTolerance();
    settings[2] = f->slackValue();
    settings[3] = f->areaFactor();
    counts[0] = f->denseThreshold();
    counts[1] = f->biasLU();
    counts[2] = f->maximumPivots();
    counts[3] = f->persistenceFlag();
    counts[4] = f->numberCompressions();
    counts[5] = f->pivots();
    counts[6] = f->status();
}

void inputsOf(const ClpSimplex *model, const CoinFactorization *f, FactorizeInputs &in) {
    in.model = model;
    in.rows = model->numberRows();
    in.columns = model->numberColumns();
    basicOf(model, in.basic);
    copyInto(in.rowScale, model->rowScale(), static_cast<size_t>(in.rows));
    copyInto(in.columnScale, model->columnScale(), static_cast<size_t>(in.columns));
    in.matrix.copy(packedOf(model->clpMatrix()));
    in.scaledMatrix.copy(packedOf(model->clpScaledMatrix()));
    settingsOf(f, in.settings, in.counts);
    in.sparseThreshold = f->sparseThreshold();
}

/// Whether Clp's call now would have `kept`'s inputs: read in place.
bool sameFactorizeInputs(const FactorizeInputs &kept, const PlumbClpModel *owner, const ClpSimplex *model,
                         const CoinFactorization *f) {
    if (kept.owner != owner || kept.model != model || kept.rows != model->numberRows() ||
        kept.columns != model->numberColumns()) {
        return false;
    }
    double settings[4];
    int counts[7];
    settingsOf(f, settings, counts);
    if (std::memcmp(settings, kept.settings, sizeof settings) != 0 || std::memcmp(counts, kept.counts, sizeof counts) != 0) {
        return false;
    }
    const unsigned char *status = model->statusArray();
    for (size_t k = 0; k < kept.basic.size(); k++) {
        if (kept.basic[k] != ((status[k] & 7) == ClpSimplex::basic ? 1 : 0)) return false;
    }
    return sameArray(kept.rowScale, model->rowScale(), static_cast<size_t>(kept.rows)) &&
           sameArray(kept.columnScale, model->columnScale(), static_cast<size_t>(kept.columns)) &&
           kept.matrix.same(packedOf(model->clpMatrix())) &&
           kept.scaledMatrix.same(packedOf(model->clpScaledMatrix()));
}

/// `startDigest` with L's row copy and the sparse threshold.
uint64_t factorsDigest(const CoinFactorization *f, const ClpSimplex *model) {
    Digest digest;
    digest.add(startDigest(f, model));
    digest.add(static_cast<uint64_t>(f->sparseThreshold()));
    digest.add(static_cast<uint64_t>(f->numberL()));
    digest.add(static_cast<uint64_t>(f->baseL()));
    digest.add(static_cast<uint64_t>(f->numberDense()));
    const int *startL = f->startColumnL(), *rowL = f->indexRowL();
    if (startL != nullptr && rowL != nullptr) {
        const int n = f->numberL();
        for (int i = 0; i <= n; i++) digest.add(static_cast<uint64_t>(startL[i]));
        for (int k = startL[0]; k < startL[n]; k++) digest.add(static_cast<uint64_t>(rowL[k]));
    }
    const CoinFactorizationDouble *byRow = f->elementByRowL();
    const int *startRowL = f->startRowL();
    if (byRow != nullptr && startRowL != nullptr && f->sparseThreshold() > 0) {
        const int rows = model->numberRows();
        for (int k = 0; k < startRowL[rows]; k++) digest.add(static_cast<double>(byRow[k]));
    }
    return digest.value;
}
}  // namespace

int ClpFactorization::factorize(ClpSimplex *model, int solveType, bool valuesPass) {
    Factorize own = clpFactorize();
    if (own == nullptr) std::abort();
    factorizationsMade += 1;
    RepairedStart &repaired = repairedStart;
    // A start's factorisation from a basis: the only calls that repair one.
    const bool atStart = solveType == 0 && !valuesPass && model->numberIterations() == 0 &&
                         coinFactorizationA_ != nullptr && coinFactorizationB_ == nullptr &&
                         networkBasis_ == nullptr && model->statusArray() != nullptr;
    bool repeat = atStart && repeatedStartMode != 0 && repaired.factorization == this && repaired.model == model &&
                  repaired.factors == coinFactorizationA_ && repaired.rows == model->numberRows() &&
                  repaired.columns == model->numberColumns() && coinFactorizationA_->status() == 0 &&
                  coinFactorizationA_->pivots() == 0 && coinFactorizationA_->numberElementsU() == repaired.elementsU &&
                  coinFactorizationA_->numberElementsL() == repaired.elementsL;
    if (repeat) {
        std::vector<unsigned char> basic;
        basicOf(model, basic);
        repeat = basic == repaired.basic;
    }
    repaired.factorization = nullptr;
    repaired.model = nullptr;
    if (repeat && repeatedStartMode == 1) {
        coinFactorizationA_->checkSparse();
        repeatedStartsKept += 1;
        return 0;
    }
    // cgfac66: a replay's start answered from the factorisation it kept.
    std::unique_ptr<FactorizeInputs> inputs;
    const KeptFactorization *found = nullptr;
    if (atStart && !repeat && keptFactorizationMode != 0 && matrixCheckOwner != nullptr) {
        for (const auto &k : keptFactorizations) {
            if (sameFactorizeInputs(k->inputs, matrixCheckOwner, model, coinFactorizationA_)) { found = k.get(); break; }
        }
        if (found == nullptr) {
            // Kept if Clp's call below succeeds.
            inputs.reset(new FactorizeInputs());
            inputs->owner = matrixCheckOwner;
            inputsOf(model, coinFactorizationA_, *inputs);
        }
        if (found != nullptr && found->inputs.sparseThreshold != coinFactorizationA_->sparseThreshold()) {
            factorizationsAcrossSparseThreshold += 1;
        }
        if (found != nullptr && keptFactorizationMode == 1) {
            const FactorStatistics statistics(*coinFactorizationA_);
            *coinFactorizationA_ = *found->factors;
            statistics.putInto(*coinFactorizationA_);
            coinFactorizationA_->checkSparse();
            std::memcpy(model->pivotVariable(), found->pivotVariable.data(), sizeof(int) * found->pivotVariable.size());
            endLengthU_ = found->timingCounts[0];
            lastNumberPivots_ = found->timingCounts[1];
            effectiveStartNumberU_ = found->timingCounts[2];
            factorizationsRestored += 1;
            return 0;
        }
    }
    const FactorStatistics statisticsBefore(*coinFactorizationA_);
    // The pivots' running timing (Clp's call leaves it as it was).
    const double timingBefore[3] = {shortestAverage_, totalInR_, totalInIncreasingU_};
    // A repair puts slacks in for the columns it throws out, and nothing
    // else a start's factorisation does makes a slack basic.
    const int slacksBefore = atStart ? basicRows(model) : 0;
    const uint64_t kept = repeat ? startDigest(coinFactorizationA_, model) : 0;
    const int status = own(this, model, solveType, valuesPass);
    if ((inputs || found != nullptr) && status == 0 && coinFactorizationA_ != nullptr && coinFactorizationB_ == nullptr &&
        basicRows(model) == slacksBefore) {
        const int *pivots = model->pivotVariable();
        if (found != nullptr) {
            // Checked: the kept copy, with this object's statistics before
            // the call, must be what Clp's call left.
            CoinFactorization candidate(*found->factors);
            statisticsBefore.putInto(candidate);
            candidate.checkSparse();
            const bool same = FactorStatistics(candidate) == FactorStatistics(*coinFactorizationA_) &&
                              factorsDigest(&candidate, model) == factorsDigest(coinFactorizationA_, model) &&
                              std::equal(found->pivotVariable.begin(), found->pivotVariable.end(), pivots) &&
                              timingBefore[0] == shortestAverage_ && timingBefore[1] == totalInR_ &&
                              timingBefore[2] == totalInIncreasingU_ && found->timingCounts[0] == endLengthU_ &&
                              found->timingCounts[1] == lastNumberPivots_ &&
                              found->timingCounts[2] == effectiveStartNumberU_;
            factorizationsRestored += 1;
            if (!same) factorizationsRestoreDisagreed += 1;
        } else {
            std::unique_ptr<KeptFactorization> keep(new KeptFactorization());
            keep->inputs = std::move(*inputs);
            keep->factors.reset(new CoinFactorization(*coinFactorizationA_));
            keep->pivotVariable.assign(pivots, pivots + model->numberRows());
            keep->timingCounts[0] = endLengthU_;
            keep->timingCounts[1] = lastNumberPivots_;
            keep->timingCounts[2] = effectiveStartNumberU_;
            if (keptFactorizations.size() >= 4) keptFactorizations.erase(keptFactorizations.begin());
            keptFactorizations.push_back(std::move(keep));
        }
    }
    if (repeat) {
        repeatedStartsChecked += 1;
        if (status != 0 || startDigest(coinFactorizationA_, model) != kept) repeatedStartsDisagreed += 1;
        return status;
    }
    if (atStart && status == 0 && coinFactorizationA_ != nullptr && basicRows(model) > slacksBefore) {
        // Repaired: Clp's start will ask for this basis again.
        repaired.factorization = this;
        repaired.factors = coinFactorizationA_;
        repaired.model = model;
        repaired.rows = model->numberRows();
        repaired.columns = model->numberColumns();
        repaired.elementsU = coinFactorizationA_->numberElementsU();
        repaired.elementsL = coinFactorizationA_->numberElementsL();
        basicOf(model, repaired.basic);
    }
    return status;
}

extern "C" {
void plumb_clp_set_repeated_start(int mode) { repeatedStartMode = mode; }
long plumb_clp_repeated_starts_kept(void) { return repeatedStartsKept; }
long plumb_clp_repeated_starts_checked(void) { return repeatedStartsChecked; }
long plumb_clp_repeated_starts_disagreed(void) { return repeatedStartsDisagreed; }
long plumb_clp_factorizations(void) { return factorizationsMade; }
void plumb_clp_set_kept_factorization(int mode) { keptFactorizationMode = mode; }
long plumb_clp_factorizations_restored(void) { return factorizationsRestored; }
long plumb_clp_factorizations_restore_disagreed(void) { return factorizationsRestoreDisagreed; }
long plumb_clp_factorizations_across_sparse_threshold(void) { return factorizationsAcrossSparseThreshold; }
}
namespace {
void forgetKeptFactorizations(const PlumbClpModel *owner) {
    auto &kept = keptFactorizations;
    kept.erase(std::remove_if(kept.begin(), kept.end(), [owner](const auto &k) { return k->inputs.owner == owner; }),
               kept.end());
}
}  // namespace
#else
namespace {
void forgetKeptFactorizations(const PlumbClpModel *) {}
}  // namespace
extern "C" {
void plumb_clp_set_repeated_start(int) {}
long plumb_clp_repeated_starts_kept(void) { return 0; }
long plumb_clp_repeated_starts_checked(void) { return 0; }
long plumb_clp_repeated_starts_disagreed(void) { return 0; }
long plumb_clp_factorizations(void) { return 0; }
void plumb_clp_set_kept_factorization(int) {}
long plumb_clp_factorizations_restored(void) { return 0; }
long plumb_clp_factorizations_restore_disagreed(void) { return 0; }
long plumb_clp_factorizations_across_sparse_threshold(void) { return 0; }
}
#endif

#if CLP_VERSION_MAJOR == 1 && CLP_VERSION_MINOR == 17
// cgclp65: Clp's sanity check of a start's bounds and costs, answered
// without Clp when it would find nothing to do. `ClpSimplex::createRim`
// calls `sanityCheck` (through the procedure linkage table, so the
// definition below takes Clp's place, as `factorize` above) at every start
// that makes its work arrays: a `chartgrid` sweep step replays two levels,
// each a start of Clp's dual with 0 pivots, and the check was 4.4 M of the
// step's 155 M instructions at 10,000 views. Clp 1.17.6's check (its
// object code) walks the work arrays, rows then columns: a cost of
// magnitude above 1e100 or bounds whose upper minus lower is below minus
// the primal tolerance make it fail (status 4); a gap above 0 and at most
// the tolerance (1.1 times it when the tolerance is below 2e-8) is closed
// (upper set to lower); a problem with no rows, columns or entries goes to
// `emptyProblem`; everything else is messages, which print nothing at log
// level 0. So when the model has rows, columns and entries, logs nothing,
// and every cost and gap is clear of those cases (a NaN is not), the check
// would change nothing and return true, and that is the answer; otherwise
// Clp's own check runs. Its own statistics (smallest and largest bound,
// cost and gap) only feed the messages.
namespace {
/// 1: answer when sure (the default); 0: always Clp's check; 2: both, and
/// count the calls where Clp's check changed a bound or failed although
/// the answer said it would not (`plumb_clp_sanity_checks_disagreed`).
thread_local int sanityMode = 1;
thread_local long sanityAnswered = 0;
thread_local long sanityDisagreed = 0;

using SanityCheck = bool (*)(ClpSimplex *);

/// Clp's own `sanityCheck`, the definition after this binary's.
SanityCheck clpSanityCheck() {
    static SanityCheck own = reinterpret_cast<SanityCheck>(dlsym(RTLD_NEXT, "_ZN10ClpSimplex11sanityCheckEv"));
    return own;
}
}  // namespace

bool ClpSimplex::sanityCheck() {
    SanityCheck own = clpSanityCheck();
    if (own == nullptr) std::abort();
    bool clear = sanityMode != 0 && numberRows_ > 0 && numberColumns_ > 0 && matrix_ != nullptr &&
                 matrix_->getNumElements() > 0 && handler_ != nullptr && handler_->logLevel() == 0 &&
                 cost_ != nullptr && lower_ != nullptr && upper_ != nullptr;
    if (clear) {
        const double tolerance = primalTolerance_;
        // At least Clp's closing width, whichever way it is set.
        const double closing = std::max(tolerance, tolerance * 1.1);
        const int total = numberRows_ + numberColumns_;
        // Every entry is looked at (no early exit), so the loop has no
        // branch on the values.
        bool all = true;
        for (int i = 0; i < total; i++) {
            const double gap = upper_[i] - lower_[i];
            all &= (std::fabs(cost_[i]) <= 1.0e100) & (gap >= -tolerance) & ((gap == 0.0) | (gap > closing));
        }
        clear = all;
    }
    if (!clear) return own(this);
    if (sanityMode == 1) {
        sanityAnswered += 1;
        return true;
    }
    // Checked: Clp's check must return true and leave every bound as it was.
    const int total = numberRows_ + numberColumns_;
    const std::vector<double> upperBefore(upper_, upper_ + total);
    const bool passed = own(this);
    if (!passed || std::memcmp(upperBefore.data(), upper_, sizeof(double) * static_cast<size_t>(total)) != 0) {
        sanityDisagreed += 1;
    }
    sanityAnswered += 1;
    return passed;
}

// Clp's check of the matrix at a start (`ClpPackedMatrix::allElementsInRange`
// with check 15 from `createRim`: entries too small are taken out, repeated
// entries merged, entries too large fail the start; 5.2 M of the `chartgrid`
// step's 155 M, two checks of the same matrix a step) answered from a check
// it passed before, for the duals of a model that keeps its matrix checks
// (`plumb_clp_set_keeps_matrix_checks`: a replay's). Clp's check is a
// function of the matrix's entries and shape, its flags (`flags_`), the
// model's counts of rows and columns, whether it has a row copy and that
// copy's count of entries, the limits, the check's bits and the log level
// (1.17.6's object code). A check that returned true and left every entry
// and the shape as they were is kept with all of those (the entries copied);
// a later check whose inputs are the same, compared entry for entry, would
// do the same, so it is answered: the flags set to what that check left,
// and true. Anything else is Clp's own check. At most four kept per thread.
namespace {
struct KeptMatrixCheck {
    const PlumbClpModel *owner = nullptr;
    bool columnOrdered = false;
    int major = 0, minor = 0, rows = 0, columns = 0, type = 0, logLevel = 0;
    CoinBigIndex elements = 0, rowCopyElements = -1;
    double smallest = 0, largest = 0;
    int flagsBefore = 0, flagsAfter = 0;
    MatrixEntries entries;
};

thread_local int matrixCheckMode = 1;
thread_local long matrixChecksAnswered = 0;
thread_local long matrixChecksDisagreed = 0;
thread_local std::vector<std::unique_ptr<KeptMatrixCheck>> keptMatrixChecks;

using ElementsInRange = bool (*)(ClpPackedMatrix *, ClpModel *, double, double, int);

/// Clp's own `allElementsInRange`, the definition after this binary's.
ElementsInRange clpElementsInRange() {
    static ElementsInRange own = reinterpret_cast<ElementsInRange>(
        dlsym(RTLD_NEXT, "_ZN15ClpPackedMatrix18allElementsInRangeEP8ClpModelddi"));
    return own;
}

/// The inputs of a check other than the entries and the flags, into `kept`;
/// false when the matrix has gaps (not kept).
bool describeCheck(const CoinPackedMatrix *matrix, ClpModel *model, const ClpMatrixBase *base, double smallest,
                   double largest, KeptMatrixCheck &kept) {
    kept.columnOrdered = matrix->isColOrdered();
    kept.major = matrix->getMajorDim();
    kept.minor = matrix->getMinorDim();
    kept.elements = matrix->getNumElements();
    if (kept.major < 0 || matrix->getVectorStarts()[kept.major] != kept.elements) return false;
    kept.rows = model->numberRows();
    kept.columns = model->numberColumns();
    kept.type = base->type();
    kept.logLevel = model->messageHandler() != nullptr ? model->messageHandler()->logLevel() : -1;
    const ClpMatrixBase *rowCopy = model->rowCopy();
    kept.rowCopyElements = rowCopy != nullptr ? rowCopy->getNumElements() : -1;
    kept.smallest = smallest;
    kept.largest = largest;
    return true;
}

bool sameInputs(const KeptMatrixCheck &a, const KeptMatrixCheck &b) {
    return a.owner == b.owner && a.columnOrdered == b.columnOrdered && a.major == b.major && a.minor == b.minor &&
           a.rows == b.rows && a.columns == b.columns && a.type == b.type && a.logLevel == b.logLevel &&
           a.elements == b.elements && a.rowCopyElements == b.rowCopyElements &&
           std::memcmp(&a.smallest, &b.smallest, sizeof(double)) == 0 &&
           std::memcmp(&a.largest, &b.largest, sizeof(double)) == 0;
}

}  // namespace

bool ClpPackedMatrix::allElementsInRange(ClpModel *model, double smallest, double largest, int check) {
    ElementsInRange own = clpElementsInRange();
    if (own == nullptr) std::abort();
    const PlumbClpModel *owner = matrixCheckOwner;
    // Presolve's check of the model it presolves (not of its copies).
    if (owner == nullptr && presolveCheckModel != nullptr && model == presolveCheckModel) owner = presolveCheckOwner;
    if (owner == nullptr || check != 15 || matrixCheckMode == 0 || matrix_ == nullptr || model == nullptr) {
        return own(this, model, smallest, largest, check);
    }
    std::unique_ptr<KeptMatrixCheck> now(new KeptMatrixCheck());
    now->owner = owner;
    if (!describeCheck(matrix_, model, this, smallest, largest, *now)) return own(this, model, smallest, largest, check);
    now->flagsBefore = flags_;
    const KeptMatrixCheck *found = nullptr;
    for (const auto &kept : keptMatrixChecks) {
        if (sameInputs(*kept, *now) && kept->flagsBefore == flags_ && kept->entries.same(matrix_)) {
            found = kept.get();
            break;
        }
    }
    if (found != nullptr && matrixCheckMode == 1) {
        matrixChecksAnswered += 1;
        flags_ = found->flagsAfter;
        return true;
    }
    if (found != nullptr) {
        // Checked: Clp's check must return true, leave the entries as they
        // were and the flags as the kept check left them.
        const int flagsAfter = found->flagsAfter;
        const bool passed = own(this, model, smallest, largest, check);
        if (!passed || flags_ != flagsAfter || !found->entries.same(matrix_)) matrixChecksDisagreed += 1;
        matrixChecksAnswered += 1;
        return passed;
    }
    now->entries.copy(matrix_);
    const bool passed = own(this, model, smallest, largest, check);
    KeptMatrixCheck after;
    after.owner = owner;
    if (passed && describeCheck(matrix_, model, this, smallest, largest, after) && sameInputs(after, *now) &&
        now->entries.same(matrix_)) {
        now->flagsAfter = flags_;
        if (keptMatrixChecks.size() >= 4) keptMatrixChecks.erase(keptMatrixChecks.begin());
        keptMatrixChecks.push_back(std::move(now));
    }
    return passed;
}

extern "C" {
void plumb_clp_set_matrix_check(int mode) { matrixCheckMode = mode; }
void plumb_clp_set_presolve_matrix_checks(int mode) { presolveMatrixCheckMode = mode; }
long plumb_clp_matrix_checks_answered(void) { return matrixChecksAnswered; }
long plumb_clp_matrix_checks_disagreed(void) { return matrixChecksDisagreed; }
void plumb_clp_set_sanity_check(int mode) { sanityMode = mode; }
long plumb_clp_sanity_checks_answered(void) { return sanityAnswered; }
long plumb_clp_sanity_checks_disagreed(void) { return sanityDisagreed; }
}
namespace {
void forgetKeptMatrixChecks(const PlumbClpModel *owner) {
    auto &kept = keptMatrixChecks;
    kept.erase(std::remove_if(kept.begin(), kept.end(), [owner](const auto &k) { return k->owner == owner; }),
               kept.end());
}
}  // namespace
#else
namespace {
void forgetKeptMatrixChecks(const PlumbClpModel *) {}
}  // namespace
extern "C" {
void plumb_clp_set_matrix_check(int) {}
void plumb_clp_set_presolve_matrix_checks(int) {}
long plumb_clp_matrix_checks_answered(void) { return 0; }
long plumb_clp_matrix_checks_disagreed(void) { return 0; }
void plumb_clp_set_sanity_check(int) {}
long plumb_clp_sanity_checks_answered(void) { return 0; }
long plumb_clp_sanity_checks_disagreed(void) { return 0; }
}
#endif

// mem61: a check's pricing makes no weights when the heap is given back. A
// call of `plumb_clp_primal` allowed no pivot (a check, or a crash basis's
// confirmation) factorises and prices only, yet Clp's steepest-edge pricing
// makes its weights for it (the weights, the reference bits, the saved and
// alternate weights and the infeasibility list: 70 MiB resident on `levels`
// at 100,000 views), and these checks are where that document peaked. With
// no pivot the entering column is never used: Clp's end (optimal, or the
// limit of 0 pivots) comes from the point's infeasibilities and the dual
// infeasibilities `gutsOfSolution` counts, the same with any pricing. So
// for such a call, when the process gives its heap back
// (`plumb_clp_set_heap_given_back`), the model's steepest pricing lets go
// of its weights and is set aside, Clp prices with Dantzig's rule (no
// arrays), the heap's free pages go back to the system before the call,
// and the steepest pricing, without weights, is put back after it: the next
// call that pivots makes its weights afresh for the basis it starts from,
// as it would from weights made at that basis by a call that made no pivot.
#include <coin/ClpPrimalColumnDantzig.hpp>

namespace {
std::atomic<long> plainChecks{0};
}  // namespace

static ClpPrimalColumnPivot *priceCheckPlainly(ClpSimplex &simplex, int maximumPivots) {
    if (maximumPivots != 0 || !heapIsGivenBack()) return nullptr;
    ClpPrimalColumnPivot *usual = simplex.primalColumnPivot();
    if (usual == nullptr) return nullptr;
    usual->clearArrays();
    ClpPrimalColumnPivot *kept = usual->clone(true);
    ClpPrimalColumnDantzig plain;
    simplex.setPrimalColumnPivotAlgorithm(plain);
    giveBackFreedHeap();
    plainChecks.fetch_add(1, std::memory_order_relaxed);
    return kept;
}

static void putBackCheckPricing(ClpSimplex &simplex, ClpPrimalColumnPivot *kept) {
    if (kept == nullptr) return;
    simplex.setPrimalColumnPivotAlgorithm(*kept);
    delete kept;
}

extern "C" long plumb_clp_plain_checks(void) { return plainChecks.load(std::memory_order_relaxed); }

// mem61: a warm probe's factorisation let go before a crash, when the heap
// is given back. A warm primal that stalls keeps its factorisation (its
// continuation 1), and the part goes back to the least point's basis and
// a greedy crash from it: the crash is worked out in Plumb (its columns,
// point and activities beside the rows opened for it, about 60 MiB on
// `levels` at 100,000 views), then Clp's primal confirms it without
// starting from a kept factorisation (no continuation bit 2), and a cold
// solve after a refused crash frees it first anyway
// (`releaseFactorization`). So the probe's factorisation (135 MiB there),
// of a basis no longer the model's, is freed before the crash is worked
// out. Not counted in `releasedFactorizations`: the counts stay the
// solve's own.
namespace {
std::atomic<long> stalledReleases{0};
}  // namespace

extern "C" void plumb_clp_release_stalled_factorization(PlumbClpModel *model) {
    if (!heapIsGivenBack()) return;
    if (freeKeptFactorization(model)) stalledReleases.fetch_add(1, std::memory_order_relaxed);
}

extern "C" long plumb_clp_stalled_factorizations_released(void) {
    return stalledReleases.load(std::memory_order_relaxed);
}
