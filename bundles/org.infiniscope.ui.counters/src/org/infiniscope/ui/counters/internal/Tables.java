package org.infiniscope.ui.counters.internal;

import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.infiniscope.ui.counters.CountersIds;

/** Plain SWT tables, filled row by row, with an ID for the UI tests. */
final class Tables {

    private Tables() {
    }

    /** @return a table with these columns (a width of 0 packs the column to its header) */
    static Table create(Composite parent, String id, String[] headers, int[] widths) {
        Table table = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.SINGLE | SWT.V_SCROLL | SWT.H_SCROLL);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setData(CountersIds.WIDGET_ID, id);
        for (int i = 0; i < headers.length; i++) {
            TableColumn c = new TableColumn(table, i == 0 ? SWT.LEFT : SWT.RIGHT);
            c.setText(headers[i]);
            c.setWidth(widths[i]);
        }
        return table;
    }

    /** Makes the table's rows these, keeping the items it has (so the selection and scroll position stay). */
    static void fill(Table table, List<String[]> rows, List<?> data) {
        table.setRedraw(false);
        try {
            table.setItemCount(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                TableItem item = table.getItem(i);
                String[] row = rows.get(i);
                for (int c = 0; c < row.length; c++) {
                    if (!row[c].equals(item.getText(c))) {
                        item.setText(c, row[c]);
                    }
                }
                item.setData(data == null ? null : data.get(i));
            }
        } finally {
            table.setRedraw(true);
        }
    }
}
