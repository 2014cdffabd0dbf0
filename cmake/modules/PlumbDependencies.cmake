# External dependencies: LAPACKE + OpenBLAS through pkg-config, and
# swift-argument-parser for the CLI.
include_guard(GLOBAL)

# --- LAPACKE and OpenBLAS -----------------------------------------------------
# Debian's OpenBLAS is built with NO_LAPACKE, so LAPACKE comes from netlib's
# liblapacke and both libraries are linked. `lapacke.pc` lists BLAS/LAPACK
# only as private requirements, hence the separate `openblas` module, whose
# Cflags also carry the directory of <cblas.h>.
find_package(PkgConfig REQUIRED)
# Headers only: neither library is linked (CPlumbKernels loads them on first
# use), so only their include directories are used.
pkg_check_modules(PLUMB_LAPACKE REQUIRED lapacke)
pkg_check_modules(PLUMB_OPENBLAS REQUIRED openblas)
# pthread_once in the loaders (CPlumbKernels, CPangoLoader).
find_package(Threads REQUIRED)
# Pango on FreeType and fontconfig, for PlumbText. Not an imported target:
# its compile options include -pthread, which swiftc rejects; CPango takes
# the include directories only (CPangoLoader loads Pango on first use).
pkg_check_modules(PLUMB_PANGOFT2 REQUIRED pangoft2)

# --- COIN-OR Clp (PlumbClp, the large-part LP code) ---------------------------
pkg_check_modules(PLUMB_CLP REQUIRED IMPORTED_TARGET clp)

# --- swift-argument-parser ------------------------------------------------------
if(PLUMB_BUILD_CLI)
  include(FetchContent)

  # Prefer the checkout SwiftPM already made (`swift build` puts it under
  # .build*/checkouts/) so a configure after `swift build` needs no clone.
  # FETCHCONTENT_SOURCE_DIR_<NAME> is FetchContent's own override; a value
  # given on the command line wins.
  if(NOT FETCHCONTENT_SOURCE_DIR_SWIFT_ARGUMENT_PARSER)
    # The default scratch folder first, then any other (.build-NAME).
    file(GLOB plumb_other_checkouts LIST_DIRECTORIES true
      "${PROJECT_SOURCE_DIR}/.build?*/checkouts/swift-argument-parser")
    foreach(dir IN ITEMS "${PROJECT_SOURCE_DIR}/.build/checkouts/swift-argument-parser"
                LISTS plumb_other_checkouts)
      if(EXISTS "${dir}/Sources/ArgumentParser/CMakeLists.txt")
        set(FETCHCONTENT_SOURCE_DIR_SWIFT_ARGUMENT_PARSER "${dir}")
        break()
      endif()
    endforeach()
  endif()
  if(FETCHCONTENT_SOURCE_DIR_SWIFT_ARGUMENT_PARSER)
    message(STATUS "swift-argument-parser: ${FETCHCONTENT_SOURCE_DIR_SWIFT_ARGUMENT_PARSER}")
  else()
    message(STATUS "swift-argument-parser: cloning 1.8.2")
  endif()

  # The same release Package.swift resolves to (`from: "1.5.0"`).
  FetchContent_Declare(swift_argument_parser
    GIT_REPOSITORY https://github.com/apple/swift-argument-parser
    GIT_TAG 1.8.2
    GIT_SHALLOW TRUE)

  # Build the library only: no examples, no tests (they need XCTest).
  set(BUILD_EXAMPLES OFF)
  set(BUILD_TESTING OFF)
  FetchContent_MakeAvailable(swift_argument_parser)
  # Its deprecation warnings are not ours to fix.
  target_compile_options(ArgumentParser PRIVATE -suppress-warnings)
endif()
