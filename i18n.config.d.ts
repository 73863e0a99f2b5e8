import type { CompilerOptions } from '@inlang/paraglide-js'

export declare const messageCompilerOptions: CompilerOptions
