export { default, loader } from "./kubex.nodes-tree._index";
