import CMalloc
import Foundation
import IslandCLI

// glibc's malloc keeps freed chunks of up to 160 bytes (a request's size; 128 by default) in
// its fast bins, handed back as they were, not merged or sorted. A long replay's decoding
// thread frees each folded batch's entries, with the values the fold's updates replaced in
// them, then allocates the next batch's: strings and fields of up to that size, which glibc
// otherwise serves from its sorted bins (README, Performance).
_ = mallopt(M_MXFAST, 160)

exit(IslandCommandLine.main(Array(CommandLine.arguments.dropFirst())))
