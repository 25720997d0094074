#include "widgets/cluster/rank_offsets_dialog.h"


#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <charconv>

namespace opscope {

namespace {
QTableWidgetItem* readOnlyItem(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
} // namespace

RankOffsetsDialog::RankOffsetsDialog(const std::vector<RankClockRow>& rows, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(static_cast<int>(rows.size()), ColumnCount, this)), problem_(new QLabel(this)) {
    setWindowTitle(tr("Rank clock offsets"));
    table_->setHorizontalHeaderLabels({tr("Rank"), tr("Automatic offset (ns)"), tr("Manual offset (ns)")});
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
        const RankClockRow& r = rows[static_cast<std::size_t>(i)];
        auto* rank = readOnlyItem(QString::number(r.rank));
        rank->setData(Qt::UserRole, r.rank);
        table_->setItem(i, RankColumn, rank);
        table_->setItem(i, AutomaticColumn, readOnlyItem(QString::number(r.automaticNs)));
        auto* manual = new QTableWidgetItem(QString::number(r.manualNs));
        manual->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(i, ManualColumn, manual);
    }
    auto* note = new QLabel(tr("A rank's times move by its automatic offset (the alignment of the first step or "
                               "collective) plus its manual offset, in every view and in opscope-cli."),
                            this);
    note->setWordWrap(true);
    problem_->setStyleSheet(QStringLiteral("color: palette(highlight)"));
    problem_->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &RankOffsetsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RankOffsetsDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(note);
    layout->addWidget(table_, 1);
    layout->addWidget(problem_);
    layout->addWidget(buttons);
}

bool RankOffsetsDialog::manualOffsetsNs(std::map<int, TimeNs>* out) const {
    out->clear();
    for (int i = 0; i < table_->rowCount(); ++i) {
        const int rank = table_->item(i, RankColumn)->data(Qt::UserRole).toInt();
        const QByteArray text = table_->item(i, ManualColumn)->text().trimmed().toLatin1();
        TimeNs ns = 0;
        // Parsed as an integer from text (never through a double), the whole cell or nothing.
        auto [end, ec] = std::from_chars(text.constData(), text.constData() + text.size(), ns);
        if (text.isEmpty() || ec != std::errc() || end != text.constData() + text.size()) {
            problem_->setText(tr("Rank %1: the manual offset must be a whole number of ns.").arg(rank));
            problem_->show();
            return false;
        }
        (*out)[rank] = ns;
    }
    problem_->hide();
    return true;
}

void RankOffsetsDialog::accept() {
    std::map<int, TimeNs> offsets;
    if (manualOffsetsNs(&offsets)) QDialog::accept();
}

} // namespace opscope
