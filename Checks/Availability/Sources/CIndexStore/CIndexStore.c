#include "CIndexStore.h"

#include <dlfcn.h>

#define CINDEXSTORE_LOAD(field)                                         \
    do {                                                                \
        *(void **)&api->field = dlsym(library, "indexstore_" #field);   \
        if (api->field == NULL) return "libIndexStore lacks indexstore_" #field; \
    } while (0)

const char *cindexstore_load(const char *path, cindexstore_api_t *api) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
    CINDEXSTORE_LOAD(store_create);
    CINDEXSTORE_LOAD(store_dispose);
    CINDEXSTORE_LOAD(error_get_description);
    CINDEXSTORE_LOAD(error_dispose);
    CINDEXSTORE_LOAD(store_units_apply_f);
    CINDEXSTORE_LOAD(unit_reader_create);
    CINDEXSTORE_LOAD(unit_reader_dispose);
    CINDEXSTORE_LOAD(unit_reader_get_main_file);
    CINDEXSTORE_LOAD(unit_reader_get_module_name);
    CINDEXSTORE_LOAD(unit_reader_get_modification_time);
    CINDEXSTORE_LOAD(unit_reader_dependencies_apply_f);
    CINDEXSTORE_LOAD(unit_dependency_get_kind);
    CINDEXSTORE_LOAD(unit_dependency_get_name);
    CINDEXSTORE_LOAD(unit_dependency_get_modulename);
    CINDEXSTORE_LOAD(record_reader_create);
    CINDEXSTORE_LOAD(record_reader_dispose);
    CINDEXSTORE_LOAD(record_reader_occurrences_apply_f);
    CINDEXSTORE_LOAD(occurrence_get_symbol);
    CINDEXSTORE_LOAD(occurrence_get_roles);
    CINDEXSTORE_LOAD(occurrence_get_line_col);
    CINDEXSTORE_LOAD(occurrence_relations_apply_f);
    CINDEXSTORE_LOAD(symbol_relation_get_roles);
    CINDEXSTORE_LOAD(symbol_relation_get_symbol);
    CINDEXSTORE_LOAD(symbol_get_name);
    CINDEXSTORE_LOAD(symbol_get_usr);
    CINDEXSTORE_LOAD(symbol_get_kind);
    CINDEXSTORE_LOAD(symbol_get_subkind);
    CINDEXSTORE_LOAD(symbol_get_properties);
    return NULL;
}
