@_exported import PlumbSolver
