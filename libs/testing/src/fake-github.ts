// Test helper (see its module doc once written).
export {};
