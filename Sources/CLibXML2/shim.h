#ifndef SCOUT_CLIBXML2_SHIM_H
#define SCOUT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system's ICU headers, whose
// enums clash with the ICU copy inside Foundation (_FoundationICU) and break the build. Hiding
// ICU only removes the ICU converter fields at the end of xmlCharEncodingHandler, a struct Scout
// never reads or allocates (it only ever sees documents through pointers), so nothing changes
// at run time.
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

/// The options untrusted HTML is parsed with: recover from any error, report none, never touch
/// the network. The flags are C enum constants, awkward to combine from Swift.
static inline int scout_html_parse_options(void) {
    return HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET;
}

/// Returns the heap's free memory to the system, where the C library can (glibc's `malloc_trim`,
/// which Swift's Glibc module does not import); 0 elsewhere. Reading a large page through
/// libxml2 frees tens of megabytes that glibc would otherwise keep in each thread's arena.
#if defined(__GLIBC__)
#include <malloc.h>
static inline int scout_trim_heap(void) { return malloc_trim(0); }
#else
static inline int scout_trim_heap(void) { return 0; }
#endif

#endif
