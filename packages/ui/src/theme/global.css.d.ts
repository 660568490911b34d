// `import '@coach/ui/global.css'`: a stylesheet, imported for its effect only (it exports nothing).
export {};
