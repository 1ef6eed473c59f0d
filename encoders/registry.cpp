#include "registry.h"

#include "io/halt.h"

#include <fmt/format.h>

#include "disk_rotation.h"
#include "equation_grid.h"
#include "hidoku.h"
#include "jodici.h"
#include "kakuro.h"
#include "logic_grid.h"
#include "nonogram.h"
#include "pencil/akari.h"
#include "pencil/aqre.h"
#include "pencil/binairo.h"
#include "pencil/chocobanana.h"
#include "pencil/nurimisaki.h"
#include "pencil/tapa.h"
#include "pencil/magnets.h"
#include "pencil/fillomino.h"
#include "pencil/gokigen.h"
#include "pencil/hashi.h"
#include "pencil/ayeheya.h"
#include "pencil/heyawake.h"
#include "pencil/country.h"
#include "pencil/ripple.h"
#include "pencil/shimaguni.h"
#include "pencil/numlin.h"
#include "pencil/sashigane.h"
#include "pencil/dbchoco.h"
#include "pencil/simpleloop.h"
#include "pencil/hitori.h"
#include "pencil/kurodoko.h"
#include "pencil/lits.h"
#include "pencil/masyu.h"
#include "pencil/norinori.h"
#include "pencil/nurikabe.h"
#include "pencil/slitherlink.h"
#include "pencil/shakashaka.h"
#include "pencil/shikaku.h"
#include "pencil/starbattle.h"
#include "pencil/tentaisho.h"
#include "pencil/tents.h"
#include "pencil/yajilin.h"
#include "polyomino.h"
#include "sudoku/sudoku.h"
#include "xor_keystream.h"

namespace psmt {

namespace {
struct Entry {
  std::string_view kind;
  const Encoder& (*get)();
};
// One line per kind, sorted by name.
constexpr Entry kKinds[] = {
    {"akari", akari::akari_encoder},
    {"aqre", aqre::aqre_encoder},
    {"binairo", binairo::binairo_encoder},
    {"chocobanana", chocobanana::chocobanana_encoder},
    {"disk_rotation", disk_rotation::disk_rotation_encoder},
    {"equation_grid", equation_grid::equation_grid_encoder},
    {"fillomino", fillomino::fillomino_encoder},
    {"futoshiki", sudoku::futoshiki_encoder},
    {"gokigen", gokigen::gokigen_encoder},
    {"hashi", hashi::hashi_encoder},
    {"heyawake", heyawake::heyawake_encoder},
    {"ayeheya", ayeheya::ayeheya_encoder},
    {"shimaguni", shimaguni::shimaguni_encoder},
    {"numlin", numlin::numlin_encoder},
    {"sashigane", sashigane::sashigane_encoder},
    {"dbchoco", dbchoco::dbchoco_encoder},
    {"simpleloop", simpleloop::simpleloop_encoder},
    {"country", country::country_encoder},
    {"ripple", ripple::ripple_encoder},
    {"hidoku", hidoku::hidoku_encoder},
    {"hitori", hitori::hitori_encoder},
    {"jodici", jodici::jodici_encoder},
    {"kakuro", kakuro::kakuro_encoder},
    {"kenken", sudoku::kenken_encoder},
    {"kurodoko", kurodoko::kurodoko_encoder},
    {"lits", lits::lits_encoder},
    {"logic_grid", logic_grid::logic_grid_encoder},
    {"magnets", magnets::magnets_encoder},
    {"masyu", masyu::masyu_encoder},
    {"nonogram", nonogram::nonogram_encoder},
    {"norinori", norinori::norinori_encoder},
    {"nurikabe", nurikabe::nurikabe_encoder},
    {"nurimisaki", nurimisaki::nurimisaki_encoder},
    {"polyomino", polyomino::polyomino_encoder},
    {"shakashaka", shakashaka::shakashaka_encoder},
    {"shikaku", shikaku::shikaku_encoder},
    {"skyscrapers", sudoku::skyscrapers_encoder},
    {"slitherlink", slitherlink::slitherlink_encoder},
    {"starbattle", starbattle::starbattle_encoder},
    {"sudoku", sudoku::sudoku_encoder},
    {"tapa", tapa::tapa_encoder},
    {"tentaisho", tentaisho::tentaisho_encoder},
    {"tents", tents::tents_encoder},
    {"xor_keystream", xor_keystream::xor_keystream_encoder},
    {"yajilin", yajilin::yajilin_encoder},
};
}  // namespace

void install_kinds() {
  static const bool once = [] {
    std::vector<const Encoder*> kinds;
    for (const auto& e : kKinds) kinds.push_back(&e.get());
    set_kind_table(std::move(kinds));
    return true;
  }();
  (void)once;
}

}  // namespace psmt
