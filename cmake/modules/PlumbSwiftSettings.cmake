# Swift compiler settings shared by Plumb's Swift targets, and the C modules
# they import, so that the CMake build compiles the sources the way SwiftPM
# does for this package.
include_guard(GLOBAL)

# Package.swift uses swift-tools-version 6.1, which builds in the Swift 6
# language mode; swiftc on its own defaults to 5.
set(PLUMB_SWIFT_LANGUAGE_MODE 6)

# plumb_swift_target(<target>)
#   Applies the language mode and, in optimised configurations, whole-module
#   optimisation (SwiftPM's release default).
function(plumb_swift_target target)
  target_compile_options(${target} PRIVATE
    "SHELL:-swift-version ${PLUMB_SWIFT_LANGUAGE_MODE}"
    "$<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-wmo>")
endfunction()

# plumb_swift_sources(<var> <dir>)
#   Every .swift file under <dir>, re-globbed at build time so a new file
#   reconfigures the build (sources are added often; Package.swift globs too).
function(plumb_swift_sources var dir)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${dir}/*.swift")
  list(SORT sources)
  if(NOT sources)
    message(FATAL_ERROR "no Swift sources under ${dir}")
  endif()
  set(${var} ${sources} PARENT_SCOPE)
endfunction()

# plumb_c_module(<target>)
#   A C library of this folder made as SwiftPM makes it, for Swift to import:
#   C11, position-independent, and the module <target> over
#   include/<target>.h. SwiftPM synthesises that module map; CMake does not,
#   so it is written into the build tree (keeping the source tree as SwiftPM
#   expects it).
function(plumb_c_module target)
  set_target_properties(${target} PROPERTIES
    C_STANDARD 11
    C_STANDARD_REQUIRED YES
    POSITION_INDEPENDENT_CODE YES)
  set(module_dir ${CMAKE_CURRENT_BINARY_DIR}/module)
  file(CONFIGURE
    OUTPUT ${module_dir}/module.modulemap
    CONTENT "module ${target} {\n  umbrella header \"${CMAKE_CURRENT_SOURCE_DIR}/include/${target}.h\"\n  export *\n}\n"
    @ONLY)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${module_dir}>)
endfunction()
