// glibc's allocator settings (mallopt), for the island executable.
#include <malloc.h>
