/*
 * libical_walk: baseline for libical-based tools.
 *
 * Parses the iCalendar file named by argv[1] with libical's line-reader
 * parser (icalparser_parse fed by fgets), then visits every VEVENT of every
 * VCALENDAR with libical's external component iterators and reads UID,
 * SUMMARY, DTSTART and DTEND (icalcomponent_get_dtend derives the end from
 * DURATION when there is no DTEND).  The values are folded into a checksum
 * so that none of the work can be optimised away.
 *
 * Output: "events=N checksum=XXXXXXXXXXXXXXXX" on stdout.
 *
 * Build: gcc -O2 -o libical_walk libical_walk.c $(pkg-config --cflags --libs libical)
 */

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libical/ical.h>

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static uint64_t mix_bytes(uint64_t h, const char *s)
{
    if (s == NULL) {
        return (h ^ 0xffu) * FNV_PRIME;
    }
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        h = (h ^ *p) * FNV_PRIME;
    }
    return (h ^ 0u) * FNV_PRIME; /* terminator, so "ab"+"c" != "a"+"bc" */
}

static uint64_t mix_int(uint64_t h, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        h = (h ^ (u & 0xffu)) * FNV_PRIME;
        u >>= 8;
    }
    return h;
}

static uint64_t mix_time(uint64_t h, struct icaltimetype t)
{
    h = mix_int(h, t.year);
    h = mix_int(h, t.month);
    h = mix_int(h, t.day);
    h = mix_int(h, t.hour);
    h = mix_int(h, t.minute);
    h = mix_int(h, t.second);
    h = mix_int(h, t.is_date);
    h = mix_int(h, t.is_daylight);
    /* The zone pointer differs between runs; fold its TZID instead. */
    if (t.zone != NULL) {
        h = mix_bytes(h, icaltimezone_get_tzid((icaltimezone *)t.zone));
    } else {
        h = mix_int(h, -1);
    }
    return h;
}

/* Line generator for icalparser_parse: one fgets per call. */
static char *read_line(char *buf, size_t size, void *data)
{
    return fgets(buf, (int)size, (FILE *)data);
}

static void walk_calendar(icalcomponent *calendar, size_t *events, uint64_t *sum)
{
    for (icalcomponent *ev = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT);
         ev != NULL;
         ev = icalcomponent_get_next_component(calendar, ICAL_VEVENT_COMPONENT)) {
        uint64_t h = *sum;
        h = mix_bytes(h, icalcomponent_get_uid(ev));
        h = mix_bytes(h, icalcomponent_get_summary(ev));
        h = mix_time(h, icalcomponent_get_dtstart(ev));
        h = mix_time(h, icalcomponent_get_dtend(ev));
        *sum = h;
        (*events)++;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.ics\n", argv[0]);
        return 2;
    }

    FILE *fp = fopen(argv[1], "r");
    if (fp == NULL) {
        fprintf(stderr, "libical_walk: cannot open %s: %s\n", argv[1], strerror(errno));
        return 1;
    }

    icalparser *parser = icalparser_new();
    if (parser == NULL) {
        fprintf(stderr, "libical_walk: icalparser_new failed\n");
        fclose(fp);
        return 1;
    }
    icalparser_set_gen_data(parser, fp);
    icalcomponent *root = icalparser_parse(parser, read_line);
    int read_error = ferror(fp);
    icalparser_free(parser);
    fclose(fp);

    if (read_error) {
        fprintf(stderr, "libical_walk: read error on %s\n", argv[1]);
        if (root != NULL) {
            icalcomponent_free(root);
        }
        return 1;
    }
    if (root == NULL) {
        fprintf(stderr, "libical_walk: no component parsed from %s\n", argv[1]);
        return 1;
    }

    size_t events = 0;
    uint64_t sum = FNV_OFFSET;

    /* A single top-level component comes back as is; several are wrapped
     * in an XROOT component by icalparser_parse. */
    switch (icalcomponent_isa(root)) {
    case ICAL_VCALENDAR_COMPONENT:
        walk_calendar(root, &events, &sum);
        break;
    case ICAL_XROOT_COMPONENT:
        for (icalcomponent *cal = icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT);
             cal != NULL;
             cal = icalcomponent_get_next_component(root, ICAL_VCALENDAR_COMPONENT)) {
            walk_calendar(cal, &events, &sum);
        }
        break;
    default:
        fprintf(stderr, "libical_walk: top-level component is %s, not VCALENDAR\n",
                icalcomponent_kind_to_string(icalcomponent_isa(root)));
        icalcomponent_free(root);
        return 1;
    }

    icalcomponent_free(root);
    icaltimezone_free_builtin_timezones(); /* the UTC zone loads this table */
    icalmemory_free_ring();

    printf("events=%zu checksum=%016" PRIx64 "\n", events, sum);
    return 0;
}
