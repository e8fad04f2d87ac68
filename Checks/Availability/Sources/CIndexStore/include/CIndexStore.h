// The part of the toolchain's libIndexStore C API (indexstore.h) that the availability check uses, declared as
// function pointers that `cindexstore_load` fills from the library with dlopen, so that nothing links against a
// toolchain-specific path.
#ifndef CINDEXSTORE_H
#define CINDEXSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void *cindexstore_store_t;
typedef void *cindexstore_error_t;
typedef void *cindexstore_unit_reader_t;
typedef void *cindexstore_unit_dependency_t;
typedef void *cindexstore_record_reader_t;
typedef void *cindexstore_occurrence_t;
typedef void *cindexstore_symbol_t;
typedef void *cindexstore_symbol_relation_t;

/// A string owned by the store: not NUL-terminated.
typedef struct {
    const char *data;
    size_t length;
} cindexstore_string_t;

/// The library's functions, by the names indexstore.h gives them.
typedef struct {
    cindexstore_store_t (*store_create)(const char *path, cindexstore_error_t *error);
    void (*store_dispose)(cindexstore_store_t);
    const char *(*error_get_description)(cindexstore_error_t);
    void (*error_dispose)(cindexstore_error_t);
    bool (*store_units_apply_f)(
        cindexstore_store_t, unsigned sorted, void *context, bool (*applier)(void *, cindexstore_string_t));

    cindexstore_unit_reader_t (*unit_reader_create)(cindexstore_store_t, const char *name, cindexstore_error_t *);
    void (*unit_reader_dispose)(cindexstore_unit_reader_t);
    cindexstore_string_t (*unit_reader_get_main_file)(cindexstore_unit_reader_t);
    cindexstore_string_t (*unit_reader_get_module_name)(cindexstore_unit_reader_t);
    void (*unit_reader_get_modification_time)(cindexstore_unit_reader_t, int64_t *seconds, int64_t *nanoseconds);
    bool (*unit_reader_dependencies_apply_f)(
        cindexstore_unit_reader_t, void *context, bool (*applier)(void *, cindexstore_unit_dependency_t));
    int (*unit_dependency_get_kind)(cindexstore_unit_dependency_t);
    cindexstore_string_t (*unit_dependency_get_name)(cindexstore_unit_dependency_t);
    cindexstore_string_t (*unit_dependency_get_modulename)(cindexstore_unit_dependency_t);

    cindexstore_record_reader_t (*record_reader_create)(cindexstore_store_t, const char *name, cindexstore_error_t *);
    void (*record_reader_dispose)(cindexstore_record_reader_t);
    bool (*record_reader_occurrences_apply_f)(
        cindexstore_record_reader_t, void *context, bool (*applier)(void *, cindexstore_occurrence_t));
    cindexstore_symbol_t (*occurrence_get_symbol)(cindexstore_occurrence_t);
    uint64_t (*occurrence_get_roles)(cindexstore_occurrence_t);
    void (*occurrence_get_line_col)(cindexstore_occurrence_t, unsigned *line, unsigned *column);
    bool (*occurrence_relations_apply_f)(
        cindexstore_occurrence_t, void *context, bool (*applier)(void *, cindexstore_symbol_relation_t));
    uint64_t (*symbol_relation_get_roles)(cindexstore_symbol_relation_t);
    cindexstore_symbol_t (*symbol_relation_get_symbol)(cindexstore_symbol_relation_t);

    cindexstore_string_t (*symbol_get_name)(cindexstore_symbol_t);
    cindexstore_string_t (*symbol_get_usr)(cindexstore_symbol_t);
    int (*symbol_get_kind)(cindexstore_symbol_t);
    int (*symbol_get_subkind)(cindexstore_symbol_t);
    uint64_t (*symbol_get_properties)(cindexstore_symbol_t);
} cindexstore_api_t;

/// Loads libIndexStore from `path` and fills `api`. Returns NULL, or a message (owned by the C library) naming what
/// failed.
const char *cindexstore_load(const char *path, cindexstore_api_t *api);

#endif
