#ifndef CHRONOSKETCH_CLIBICAL_SHIM_H
#define CHRONOSKETCH_CLIBICAL_SHIM_H

#include <libical/ical.h>

#endif
