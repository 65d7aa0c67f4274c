// glibc's allocator controls (mallopt), which the Glibc module does not bring in; used by the
// CLI to prepare the heap for one large input (LargeInputHeap.swift).
#include <malloc.h>
