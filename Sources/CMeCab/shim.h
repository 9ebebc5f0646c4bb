// MeCab's C API (libmecab-dev): a tagger, its lattice of nodes, and the features of each node.
#include <mecab.h>
